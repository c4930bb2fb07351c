package dev.bearings.app.source;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** An index's sources file is read back as it was written, and holds its two fields only. */
class SourcesConfigTest {

    @Test
    void whatIsWrittenIsReadBackAndTheFileHoldsSourcesAndSkippedAlone(@TempDir Path index) throws Exception {
        SourcesConfig config = new SourcesConfig(List.of(new SourcesConfig.Source("folder", Map.of("path", "/home/me/notes"))),
                Map.of("folder:/home/me/notes", Map.of("is not valid UTF-8", 2)));
        config.write(index);
        assertThat(SourcesConfig.read(index)).isEqualTo(config);
        assertThat(new ObjectMapper().readTree(index.resolve(SourcesConfig.FILE).toFile()).fieldNames())
                .toIterable().containsExactly("sources", "skipped", "synced", "unread");
    }
}
