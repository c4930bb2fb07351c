package dev.bearings.eval;

import dev.bearings.core.embed.Embedding;
import dev.bearings.testkit.WordHashingEmbedder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class RememberingEmbedderTest {

    @Test
    void eachDistinctTextIsEmbeddedOnceAndGetsTheSameVector() {
        WordHashingEmbedder inner = new WordHashingEmbedder(32, 64);
        RememberingEmbedder remembering = new RememberingEmbedder(inner);
        List<Embedding> first = remembering.embed(List.of("tunnel to the home network", "sourdough", "tunnel to the home network"));
        assertThat(inner.embedded()).isEqualTo(2);
        List<Embedding> again = remembering.embed(List.of("sourdough", "new text"));
        assertThat(inner.embedded()).isEqualTo(3);
        assertThat(again.get(0).vector()).containsExactly(first.get(1).vector());
        assertThat(first.get(0).vector()).containsExactly(inner.embed("tunnel to the home network").vector());
        remembering.embedQuery("sourdough");
        remembering.embedQuery("sourdough");
        assertThat(inner.embedded()).as("a query is remembered apart from passages, once").isEqualTo(5);
        assertThat(remembering.remembered()).isEqualTo(4);
        assertThat(remembering.embedded()).isEqualTo(3);
        assertThat(remembering.reused()).isEqualTo(2);
        assertThat(remembering.modelId()).isEqualTo(inner.modelId());
        assertThat(remembering.countTokens("a b c")).isEqualTo(inner.countTokens("a b c"));
    }

    @Test
    void givenAFolderItRemembersAcrossRunsAndDropsARecordCutShortByAKilledRun(@TempDir Path folder) throws Exception {
        WordHashingEmbedder first = new WordHashingEmbedder(32, 64);
        List<Embedding> before;
        try (RememberingEmbedder run = new RememberingEmbedder(first, folder)) {
            before = run.embed(List.of("tunnel to the home network", "sourdough"));
            run.embedQuery("how did I set up the VPN?");
        }
        Path file;
        try (var files = Files.list(folder)) {
            file = files.findFirst().orElseThrow();
        }
        // A run killed in the middle of a record: half a record more.
        long whole = Files.size(file);
        Files.write(file, new byte[(int) (whole / 3) / 2], StandardOpenOption.APPEND);

        WordHashingEmbedder second = new WordHashingEmbedder(32, 64);
        try (RememberingEmbedder run = new RememberingEmbedder(second, folder)) {
            assertThat(Files.size(file)).as("the cut record is dropped on opening").isEqualTo(whole);
            List<Embedding> after = run.embed(List.of("sourdough", "tunnel to the home network", "new text"));
            run.embedQuery("how did I set up the VPN?");
            assertThat(second.embedded()).as("only the new text is embedded again").isEqualTo(1);
            assertThat(after.get(0).vector()).containsExactly(before.get(1).vector());
            assertThat(after.get(1).tokens()).isEqualTo(before.get(0).tokens());
        }
        assertThat(Files.size(file)).as("the cut record dropped, the new one added").isEqualTo(whole / 3 * 4);
        try (RememberingEmbedder run = new RememberingEmbedder(new WordHashingEmbedder(32, 64), folder)) {
            assertThat(run.remembered()).isEqualTo(4);
        }
    }
}
