package dev.bearings.app.json;

import dev.bearings.core.chunk.ChunkingRules;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.note.IndexedNote;
import dev.bearings.core.usecase.ListTags;
import dev.bearings.core.usecase.SyncIndex;
import dev.bearings.testkit.WordHashingEmbedder;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The records the drivers print, field by field from what core gives. */
class RecordsTest {

    @Test
    void aSyncsReportInSeconds() {
        SyncIndex.Report report = new SyncIndex.Report("folder:/n", 1, 2, 3, 4, 5, 6, Map.of("is empty", 7), 8, List.of("bad.md: not UTF-8"),
                Duration.ofMillis(1_500), Map.of());
        assertThat(SyncReportJson.of(report)).isEqualTo(new SyncReportJson("folder:/n", 1, 2, 3, 4, 5, 6, Map.of("is empty", 7), 8,
                List.of("bad.md: not UTF-8"), 1.5));
    }

    @Test
    void tagsAndNotes() {
        assertThat(TagJson.of(List.of(new ListTags.TagCount("work", 3), new ListTags.TagCount("work/projects", 1))))
                .containsExactly(new TagJson("work", 3), new TagJson("work/projects", 1));
        IndexedNote note = new IndexedNote("folder:/n", "vpn.md", "v1", "VPN", Set.of("net", "home"), Instant.parse("2026-03-01T10:00:00Z"),
                "file:///n/vpn.md");
        assertThat(NoteSummaryJson.of(note)).isEqualTo(new NoteSummaryJson("vpn.md", "VPN", "folder:/n", List.of("home", "net"),
                "2026-03-01T10:00:00Z", "file:///n/vpn.md"));
    }

    @Test
    void theChunkingNamesTheWindowOnlyWhenPassagesAreKeptWithinIt() {
        WordHashingEmbedder model = new WordHashingEmbedder(8, 256);
        IndexRecipe budgeted = IndexRecipe.of("commonmark", new ChunkingRules(200, 20, 30), true, IndexRecipe.Prefix.TITLED, "hash",
                Map.of(), model);
        assertThat(ChunkingJson.of(budgeted)).isEqualTo(new ChunkingJson(200, 20, 30, 256, "title > path", "commonmark"));
        IndexRecipe byWords = IndexRecipe.of("flexmark", ChunkingRules.DEFAULT, false, IndexRecipe.Prefix.NONE, "hash", Map.of(), model);
        assertThat(ChunkingJson.of(byWords).tokenWindow()).isNull();
        assertThat(ChunkingJson.of(byWords).prefix()).isEqualTo("none");
    }
}
