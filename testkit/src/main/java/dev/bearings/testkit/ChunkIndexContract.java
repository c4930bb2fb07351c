package dev.bearings.testkit;

import dev.bearings.core.chunk.ChunkingRules;
import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.index.IndexManifest;
import dev.bearings.core.index.IndexMismatchException;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.index.IndexedChunk;
import dev.bearings.core.note.IndexedNote;
import dev.bearings.core.search.SearchFilter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

/**
 * What every chunk index must do, on real files in a temporary folder: everything the application
 * relies on. A store's test extends this (or {@link KeywordSearchContract}) and says how to make its
 * store; the hooks ({@link #recipe()}, {@link #damage}) may be overridden where a store needs to.
 */
public abstract class ChunkIndexContract {
    /** A recipe of four-dimensional vectors from a made-up model. */
    public static final IndexRecipe RECIPE = new IndexRecipe("commonmark", ChunkingRules.DEFAULT, true,
            IndexRecipe.Prefix.TITLED, "test", Map.of("model", "fp32"), "test-model/fp32", 256, 4);

    @TempDir
    protected Path folder;

    protected abstract ChunkIndexStore store();

    /** The recipe indexes are opened with. */
    protected IndexRecipe recipe() {
        return RECIPE;
    }

    protected ChunkIndex open() throws Exception {
        return store().open(folder, recipe(), false);
    }

    /** Makes the index in {@code folder} unreadable as a disk error or a stray program would: garbage in every file. */
    protected void damage(Path folder) throws Exception {
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Files.write(file, "this is not an index, just some bytes ".repeat(200).getBytes());
            }
        }
    }

    protected static IndexedNote note(String id, String version) {
        return new IndexedNote("folder:/notes", id, version, "Title of " + id, Set.of("vpn", "work/projects"),
                Instant.parse("2026-03-01T10:00:00Z"), "file:///notes/" + id);
    }

    protected static List<IndexedChunk> chunks(String noteId, int count) {
        List<IndexedChunk> chunks = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            float[] vector = {i + 1, noteId.length(), 0.5f, -1};
            chunks.add(new IndexedChunk(i, "# " + noteId + " > ## Part " + i, 1 + 10 * i, 9 + 10 * i,
                    "Text " + i + " of " + noteId + " about WireGuard", noteId + "-hash-" + i, vector, ""));
        }
        return chunks;
    }

    @Test
    protected void replacedNotesAreRememberedWithTheirVersion() throws Exception {
        try (ChunkIndex index = open()) {
            index.replaceNote(note("a.md", "v1"), chunks("a.md", 3));
            index.replaceNote(note("b.md", "v1"), chunks("b.md", 2));
            index.replaceNote(note("a.md", "v2"), chunks("a.md", 1));
            assertThat(index.versions("folder:/notes")).containsOnly(
                    entry("a.md", "v2"), entry("b.md", "v1"));
            assertThat(index.versions("bear")).isEmpty();
            assertThat(index.stats().chunks()).isEqualTo(3);
        }
    }

    @Test
    protected void contentPersistsAcrossReopening() throws Exception {
        try (ChunkIndex index = open()) {
            index.replaceNote(note("a.md", "v1"), chunks("a.md", 2));
            index.markSynced(Instant.parse("2026-12-01T08:00:00Z"));
        }
        try (ChunkIndex index = open()) {
            assertThat(index.versions("folder:/notes")).containsKey("a.md");
            assertThat(index.stats().chunks()).isEqualTo(2);
            assertThat(index.stats().notesBySource()).containsEntry("folder:/notes", 1);
            assertThat(index.stats().lastSync()).contains(Instant.parse("2026-12-01T08:00:00Z"));
            assertThat(index.stats().bytesOnDisk()).isPositive();
        }
    }

    @Test
    protected void deletedNotesLoseTheirChunks() throws Exception {
        try (ChunkIndex index = open()) {
            index.replaceNote(note("a.md", "v1"), chunks("a.md", 2));
            index.replaceNote(note("b.md", "v1"), chunks("b.md", 2));
            index.replaceNote(new IndexedNote("folder:/other", "c.md", "v1", "C", Set.of(), Instant.parse("2026-03-01T10:00:00Z"),
                    "file:///other/c.md"), chunks("c.md", 1));
            index.deleteNote("folder:/notes", "a.md");
            index.deleteNote("folder:/other", "c.md");
            assertThat(index.versions("folder:/notes")).containsOnlyKeys("b.md");
            assertThat(index.stats().chunks()).isEqualTo(2);
            assertThat(index.stats().notesBySource()).as("a source whose notes are all gone is not counted")
                    .isEqualTo(Map.of("folder:/notes", 1));
            assertThat(index.vectorsByHash(List.of("a.md-hash-0"))).isEmpty();
        }
    }

    @Test
    protected void anExistingIndexOpensWithItsOwnManifestStampedWithTheStoresFormat() throws Exception {
        assertThatThrownBy(() -> store().openExisting(folder))
                .isInstanceOf(ChunkIndexStore.IndexUnreadableException.class)
                .hasMessageContaining("no index here yet")
                .satisfies(e -> assertThat(((ChunkIndexStore.IndexUnreadableException) e).problem())
                        .isEqualTo(ChunkIndexStore.IndexUnreadableException.Problem.ABSENT));
        try (ChunkIndex index = open()) {
            assertThat(index.manifest()).isEqualTo(new IndexManifest(store().formatVersion(), recipe()));
            index.replaceNote(note("a.md", "v1"), chunks("a.md", 1));
        }
        try (ChunkIndexReader existing = store().openExisting(folder)) {
            assertThat(existing.manifest()).isEqualTo(store().manifest(recipe()));
            assertThat(existing.manifest().recipe()).isEqualTo(recipe());
            assertThat(existing.stats().chunks()).isOne();
        }
    }

    @Test
    protected void aReaderOpensBesideAWriterAndSeesWhatItSyncedOnceReopened() throws Exception {
        try (ChunkIndex writer = open()) {
            writer.replaceNote(note("a.md", "v1"), chunks("a.md", 1));
            writer.markSynced(Instant.parse("2026-12-01T08:00:00Z"));
            try (ChunkIndexReader first = store().openExisting(folder)) {
                assertThat(first.versions("folder:/notes")).containsOnlyKeys("a.md");
                writer.replaceNote(note("b.md", "v1"), chunks("b.md", 2));
                writer.markSynced(Instant.parse("2026-12-01T09:00:00Z"));
            }
            try (ChunkIndexReader reopened = store().openExisting(folder)) {
                assertThat(reopened.versions("folder:/notes")).containsOnlyKeys("a.md", "b.md");
                assertThat(reopened.stats().chunks()).isEqualTo(3);
                assertThat(reopened.stats().lastSync()).contains(Instant.parse("2026-12-01T09:00:00Z"));
            }
        }
    }

    /**
     * Whether a rebuild is built beside the index and seen by readers only once published (SQLite,
     * Lucene); a store that rebuilds in place (the default) is held to that instead.
     */
    protected boolean rebuildsBeside() {
        return false;
    }

    @Test
    protected void aRebuildIsSeenOncePublishedAndOneStoppedLeavesTheIndexWhole() throws Exception {
        try (ChunkIndex index = open()) {
            index.replaceNote(note("a.md", "v1"), chunks("a.md", 2));
            index.markSynced(Instant.parse("2026-12-01T08:00:00Z"));
        }
        try (ChunkIndex stopped = store().open(folder, recipe(), true)) {
            assertThat(stopped.versions("folder:/notes")).as("the rebuild starts empty").isEmpty();
            stopped.replaceNote(note("b.md", "v1"), chunks("b.md", 1));
            stopped.markSynced(Instant.parse("2026-12-01T09:00:00Z"));
            if (rebuildsBeside()) {
                try (ChunkIndexReader reader = store().openExisting(folder)) {
                    assertThat(reader.versions("folder:/notes")).as("readers during a rebuild").containsOnlyKeys("a.md");
                }
            }
        }
        try (ChunkIndexReader reader = store().openExisting(folder)) {
            assertThat(reader.versions("folder:/notes")).as("after a rebuild closed unpublished")
                    .containsOnlyKeys(rebuildsBeside() ? "a.md" : "b.md");
        }
        try (ChunkIndex rebuilt = store().open(folder, recipe(), true)) {
            rebuilt.replaceNote(note("c.md", "v1"), chunks("c.md", 1));
            rebuilt.markSynced(Instant.parse("2026-12-01T10:00:00Z"));
            rebuilt.publish();
            try (ChunkIndexReader reader = store().openExisting(folder)) {
                assertThat(reader.versions("folder:/notes")).as("once published").containsOnlyKeys("c.md");
                assertThat(reader.stats().lastSync()).contains(Instant.parse("2026-12-01T10:00:00Z"));
            }
            // Written after publishing and closed without a sync's end: kept as any write is.
            rebuilt.replaceNote(note("d.md", "v1"), chunks("d.md", 1));
        }
        try (ChunkIndexReader reader = store().openExisting(folder)) {
            assertThat(reader.versions("folder:/notes")).as("writes after publishing, as any").containsOnlyKeys("c.md", "d.md");
            assertThat(reader.stats().chunks()).isEqualTo(2);
        }
    }

    @Test
    protected void aFailedReplacementChangesNothing() throws Exception {
        try (ChunkIndex index = open()) {
            index.replaceNote(note("a.md", "v1"), chunks("a.md", 2));
            List<IndexedChunk> broken = new ArrayList<>(chunks("a.md", 1));
            broken.add(new IndexedChunk(1, "", 1, 1, "new text", "h", new float[3], ""));
            assertThatThrownBy(() -> index.replaceNote(note("a.md", "v2"), broken)).hasMessageContaining("3 dimensions");
            assertThat(index.versions("folder:/notes")).containsEntry("a.md", "v1");
            assertThat(index.stats().chunks()).isEqualTo(2);
            assertThat(index.nearest(new float[]{1, 0, 0, 0}, 5, SearchFilter.NONE))
                    .extracting(h -> h.chunk().text()).containsExactlyInAnyOrder("Text 0 of a.md about WireGuard",
                            "Text 1 of a.md about WireGuard");
        }
    }

    @Test
    protected void vectorsAreFoundByContentHash() throws Exception {
        try (ChunkIndex index = open()) {
            index.replaceNote(note("a.md", "v1"), chunks("a.md", 3));
            var vectors = index.vectorsByHash(List.of("a.md-hash-1", "a.md-hash-2", "unknown"));
            assertThat(vectors).containsOnlyKeys("a.md-hash-1", "a.md-hash-2");
            assertThat(vectors.get("a.md-hash-1")).containsExactly(2f, 4f, 0.5f, -1f);
        }
    }

    @Test
    protected void vectorsOfAnotherDimensionAreRefused() throws Exception {
        try (ChunkIndex index = open()) {
            IndexedChunk wrong = new IndexedChunk(0, "", 1, 1, "x", "h", new float[3], "");
            assertThatThrownBy(() -> index.replaceNote(note("a.md", "v1"), List.of(wrong)))
                    .hasMessageContaining("3 dimensions");
            assertThat(index.versions("folder:/notes")).isEmpty();
        }
    }

    @Test
    protected void anotherModelOrOtherChunkingIsRefusedSayingWhatDiffers() throws Exception {
        try (ChunkIndex index = open()) {
            index.replaceNote(note("a.md", "v1"), chunks("a.md", 1));
        }
        IndexRecipe other = new IndexRecipe(recipe().parser(), recipe().rules(), recipe().tokenBudget(), recipe().prefix(),
                "test", Map.of(), "other-model/int8", recipe().window(), 4);
        assertThatThrownBy(() -> store().open(folder, other, false))
                .isInstanceOf(IndexMismatchException.class)
                .hasMessageContaining(folder.toString())
                .hasMessageContaining("test-model/fp32")
                .hasMessageContaining("other-model/int8");
        IndexRecipe rules = new IndexRecipe(recipe().parser(), new ChunkingRules(200, 30, 40), recipe().tokenBudget(),
                recipe().prefix(), "test", Map.of(), recipe().modelId(), recipe().window(), 4);
        assertThatThrownBy(() -> store().open(folder, rules, false)).hasMessageContaining("max words 300, not 200");
        IndexRecipe sameModelOtherEngine = new IndexRecipe(recipe().parser(), recipe().rules(), recipe().tokenBudget(),
                recipe().prefix(), "another-engine", Map.of("threads", "1"), recipe().modelId(), recipe().window(), 4);
        try (ChunkIndex same = store().open(folder, sameModelOtherEngine, false)) {
            assertThat(same.versions("folder:/notes")).as("another engine of one model reads the same index").hasSize(1);
        }
        try (ChunkIndex rebuilt = store().open(folder, other, true)) {
            assertThat(rebuilt.versions("folder:/notes")).isEmpty();
            assertThat(rebuilt.manifest().recipe()).isEqualTo(other);
        }
    }

    @Test
    protected void aDamagedIndexGivesAClearErrorAndRebuildRecovers() throws Exception {
        try (ChunkIndex index = open()) {
            index.replaceNote(note("a.md", "v1"), chunks("a.md", 2));
        }
        damage(folder);
        assertThatThrownBy(this::open)
                .isInstanceOf(ChunkIndexStore.IndexUnreadableException.class)
                .hasMessageContaining(folder.toString())
                .satisfies(e -> assertThat(((ChunkIndexStore.IndexUnreadableException) e).problem())
                        .isEqualTo(ChunkIndexStore.IndexUnreadableException.Problem.DAMAGED));
        try (ChunkIndex rebuilt = store().open(folder, recipe(), true)) {
            assertThat(rebuilt.stats().chunks()).isZero();
        }
    }

    private static IndexedNote tagged(String id, String source, Set<String> tags, String modified) {
        return new IndexedNote(source, id, "v1", "Title " + id, tags, Instant.parse(modified), "file:///" + id);
    }

    private static IndexedChunk text(int ordinal, String text, float... vector) {
        float[] unit = vector.clone();
        double norm = 0;
        for (float v : unit) {
            norm += v * v;
        }
        for (int i = 0; i < unit.length; i++) {
            unit[i] = (float) (unit[i] / Math.sqrt(norm));
        }
        return new IndexedChunk(ordinal, "# Heading " + ordinal, ordinal + 1, ordinal + 2, text,
                text.hashCode() + "-" + ordinal, unit, "");
    }

    /** Three notes in two sources, with tags, dates and unit vectors chosen so every filter and ranking is checkable. */
    protected void searchFixture(ChunkIndex index) {
        index.replaceNote(tagged("vpn.md", "folder:/a", Set.of("network/vpn"), "2026-05-01T00:00:00Z"),
                List.of(text(0, "WireGuard tunnel listens on UDP port 51820", 1, 0, 0, 0),
                        text(1, "Router forwards the port to the home server", 0.7f, 0.7f, 0, 0)));
        index.replaceNote(tagged("bread.md", "folder:/a", Set.of("cooking"), "2025-01-01T00:00:00Z"),
                List.of(text(0, "Sourdough starter needs feeding twice a day", 0, 0, 1, 0)));
        index.replaceNote(tagged("work.md", "bear", Set.of("work/projects/vpn"), "2026-09-01T00:00:00Z"),
                List.of(text(0, "Configuring the office VPN gateway and certificates", 0.9f, 0, 0, 0.4f)));
    }

    @Test
    protected void vectorSearchRanksByCosineAndAppliesFilters() throws Exception {
        try (ChunkIndex index = open()) {
            searchFixture(index);
            var hits = index.nearest(new float[]{1, 0, 0, 0}, 3, SearchFilter.NONE);
            assertThat(hits).extracting(h -> h.chunk().note().id() + "#" + h.chunk().ordinal())
                    .containsExactly("vpn.md#0", "work.md#0", "vpn.md#1");
            assertThat(hits.get(0).score()).isCloseTo(1.0, org.assertj.core.api.Assertions.within(1e-4));
            assertThat(hits.get(0).chunk().text()).contains("51820");
            assertThat(hits.get(0).chunk().note().tags()).containsExactly("network/vpn");
            assertThat(hits.get(0).chunk().headingPath()).isEqualTo("# Heading 0");
            var byTag = index.nearest(new float[]{1, 0, 0, 0}, 5, filter(Set.of("work"), null, null, null));
            assertThat(byTag).extracting(h -> h.chunk().note().id()).containsExactly("work.md");
            var since = index.nearest(new float[]{1, 0, 0, 0}, 5, filter(Set.of(), "2026-01-01T00:00:00Z", null, null));
            assertThat(since).extracting(h -> h.chunk().note().id() + "#" + h.chunk().ordinal())
                    .containsExactly("vpn.md#0", "work.md#0", "vpn.md#1");
            var before = index.nearest(new float[]{0, 0, 1, 0}, 5, filter(Set.of(), null, "2026-01-01T00:00:00Z", null));
            assertThat(before).extracting(h -> h.chunk().note().id()).containsExactly("bread.md");
            var source = index.nearest(new float[]{1, 0, 0, 0}, 5, filter(Set.of(), null, null, "bear"));
            assertThat(source).extracting(h -> h.chunk().note().id()).containsExactly("work.md");
            index.deleteNote("folder:/a", "vpn.md");
            assertThat(index.nearest(new float[]{1, 0, 0, 0}, 5, SearchFilter.NONE))
                    .extracting(h -> h.chunk().note().id()).containsExactly("work.md", "bread.md");
        }
    }

    @Test
    protected void notesAreListedWithTheirFactsBySourceThenIdForWritersAndReaders() throws Exception {
        try (ChunkIndex index = open()) {
            searchFixture(index);
            assertThat(index.notes()).extracting(n -> n.source() + "/" + n.id())
                    .containsExactly("bear/work.md", "folder:/a/bread.md", "folder:/a/vpn.md");
            index.deleteNote("folder:/a", "bread.md");
            assertThat(index.notes()).extracting(IndexedNote::id).containsExactly("work.md", "vpn.md");
        }
        try (ChunkIndexReader reader = store().openExisting(folder)) {
            IndexedNote work = reader.notes().get(0);
            assertThat(work).isEqualTo(tagged("work.md", "bear", Set.of("work/projects/vpn"), "2026-09-01T00:00:00Z"));
            assertThat(reader.notes()).hasSize(2);
        }
    }

    protected static SearchFilter filter(Set<String> tags, String since, String before, String source) {
        return new SearchFilter(tags, java.util.Optional.ofNullable(since).map(Instant::parse),
                java.util.Optional.ofNullable(before).map(Instant::parse), java.util.Optional.ofNullable(source));
    }
}
