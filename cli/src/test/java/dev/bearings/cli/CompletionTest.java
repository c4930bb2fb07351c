package dev.bearings.cli;

import dev.bearings.app.plugin.Plugins;
import dev.bearings.core.plugin.Provider;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

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

    @Test
    void theOfferedParsersAndStoresAreEveryBuiltInOneAndNoUnknownOne() {
        // The lists are literal (asking ServiceLoader whenever picocli builds the command line would load every
        // provider on every command): this is where they meet the providers the jar has.
        String script = CliRun.of("generate-completion").out();
        Plugins found = Plugins.discovered(getClass().getClassLoader());
        assertOffers(script, "--store", builtIn(found.stores().providers()));
        assertOffers(script, "--parser", builtIn(found.parsers().providers()));
    }

    private static Set<String> builtIn(List<? extends Provider<?>> providers) {
        // This module's test doubles are found too; they are not the jar's.
        return providers.stream().filter(provider -> !provider.getClass().getPackageName().startsWith("dev.bearings.cli"))
                .map(Provider::name).collect(Collectors.toSet());
    }

    private static void assertOffers(String script, String option, Set<String> builtIn) {
        Matcher values = Pattern.compile("\\(([^)]*)\\) # " + option + " values").matcher(script);
        assertThat(values.find()).as(option).isTrue();
        Set<String> offered = Pattern.compile("\"([^\"]+)\"").matcher(values.group(1)).results().map(m -> m.group(1))
                .collect(Collectors.toSet());
        assertThat(offered).as(option).containsAll(builtIn);
        assertThat(offered).as(option + ": each offered name is a built-in or one shipped apart as a plugin")
                .allMatch(name -> builtIn.contains(name) || Plugins.SHIPPED_APART.containsKey(name));
    }
}
