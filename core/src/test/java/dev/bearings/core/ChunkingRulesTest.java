package dev.bearings.core;

import dev.bearings.core.chunk.ChunkingRules;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ChunkingRulesTest {

    @Test
    void defaultsAreTheDesignRecordsValues() {
        assertThat(ChunkingRules.DEFAULT).isEqualTo(new ChunkingRules(300, 30, 40));
        assertThat(ChunkingRules.DEFAULT.mergedMaxWords()).isEqualTo(329);
    }

    @Test
    void impossibleCombinationsAreRefusedWithTheValues() {
        assertThatThrownBy(() -> new ChunkingRules(0, 0, 0)).hasMessage("max words must be at least 1, was 0");
        assertThatThrownBy(() -> new ChunkingRules(100, -1, 0)).hasMessageContaining("cannot be negative");
        assertThatThrownBy(() -> new ChunkingRules(100, 101, 0))
                .hasMessageStartingWith("min words (101) cannot exceed max words (100)");
        assertThatThrownBy(() -> new ChunkingRules(100, 10, 100))
                .hasMessageStartingWith("overlap words (100) must be less than max words (100)");
        assertThat(new ChunkingRules(100, 100, 99).maxWords()).isEqualTo(100);
    }
}
