package dev.bearings.cli;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code source <(bearings generate-completion)} gives bash and zsh completion of the commands and their options. */
class CompletionTest {

    @Test
    void theCompletionScriptKnowsEveryCommandAndItsOptions() {
        CliRun run = CliRun.of("generate-completion");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("complete -F _complete_bearings")
                .contains("index").contains("search").contains("mcp").contains("--store").contains("--watch")
                .contains("--since");
        // Values, where there is a list to offer: picocli writes each option's candidates as a bash array.
        assertThat(run.out()).contains("(\"hybrid\" \"vector\" \"keyword\") # --mode values")
                .contains("(\"minilm\" \"minilm-int8\" \"bge-small\" \"bge-small-int8\") # --model values")
                .contains("(\"sqlite\" \"lucene\" \"solr\") # --store values")
                .contains("(\"commonmark\" \"flexmark\") # --parser values");
    }
}
