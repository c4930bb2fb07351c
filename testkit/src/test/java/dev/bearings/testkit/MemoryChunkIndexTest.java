package dev.bearings.testkit;

import dev.bearings.core.index.ChunkIndexStore;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The in-memory reference store keeps the same promises as the real ones. */
class MemoryChunkIndexTest extends KeywordSearchContract {

    @Override
    protected ChunkIndexStore store() {
        return MemoryChunkIndex.store();
    }

    @Test
    void wordsAreStemmedEnoughToMatchCommonForms() {
        assertThat(MemoryChunkIndex.words("Feeding the starter; configured certificates, ports & PUB"))
                .containsExactly("feed", "starter", "configur", "certificat", "port", "pub");
        assertThat(MemoryChunkIndex.stem("configure")).isEqualTo(MemoryChunkIndex.stem("configuring"));
        assertThat(MemoryChunkIndex.stem("is")).isEqualTo("is");
    }
}
