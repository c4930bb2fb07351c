package dev.bearings.testkit;

import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.index.IndexManifest;
import dev.bearings.core.index.IndexMismatchException;
import dev.bearings.core.index.IndexedChunk;
import dev.bearings.core.index.IndexedNote;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What every chunk index must do, on real files in a temporary folder. */
public abstract class ChunkIndexContract {
    protected static final IndexManifest MANIFEST = new IndexManifest(1, "test-model/fp32", 4, "max 300, min 30, overlap 40");

    @TempDir
    protected Path folder;

    protected abstract ChunkIndexStore store();

    protected ChunkIndex open() throws Exception {
        return store().open(folder, MANIFEST, false);
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
    void replacedNotesAreRememberedWithTheirVersion() throws Exception {
        try (ChunkIndex index = open()) {
            index.replaceNote(note("a.md", "v1"), chunks("a.md", 3));
            index.replaceNote(note("b.md", "v1"), chunks("b.md", 2));
            index.replaceNote(note("a.md", "v2"), chunks("a.md", 1));
            assertThat(index.versions("folder:/notes")).containsOnly(
                    org.assertj.core.api.Assertions.entry("a.md", "v2"), org.assertj.core.api.Assertions.entry("b.md", "v1"));
            assertThat(index.versions("bear")).isEmpty();
            assertThat(index.stats().chunks()).isEqualTo(3);
        }
    }

    @Test
    void contentPersistsAcrossReopening() throws Exception {
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
    void deletedNotesLoseTheirChunks() throws Exception {
        try (ChunkIndex index = open()) {
            index.replaceNote(note("a.md", "v1"), chunks("a.md", 2));
            index.replaceNote(note("b.md", "v1"), chunks("b.md", 2));
            index.deleteNote("folder:/notes", "a.md");
            assertThat(index.versions("folder:/notes")).containsOnlyKeys("b.md");
            assertThat(index.stats().chunks()).isEqualTo(2);
            assertThat(index.vectorsByHash(List.of("a.md-hash-0"))).isEmpty();
        }
    }

    @Test
    void anExistingIndexOpensWithItsOwnManifest() throws Exception {
        assertThatThrownBy(() -> store().openExisting(folder))
                .isInstanceOf(ChunkIndexStore.IndexUnreadableException.class)
                .hasMessageContaining("no index here yet");
        try (ChunkIndex index = open()) {
            index.replaceNote(note("a.md", "v1"), chunks("a.md", 1));
        }
        try (ChunkIndexReader existing = store().openExisting(folder)) {
            assertThat(existing.manifest()).isEqualTo(MANIFEST);
            assertThat(existing.stats().chunks()).isOne();
        }
    }

    @Test
    void vectorsAreFoundByContentHash() throws Exception {
        try (ChunkIndex index = open()) {
            index.replaceNote(note("a.md", "v1"), chunks("a.md", 3));
            var vectors = index.vectorsByHash(List.of("a.md-hash-1", "a.md-hash-2", "unknown"));
            assertThat(vectors).containsOnlyKeys("a.md-hash-1", "a.md-hash-2");
            assertThat(vectors.get("a.md-hash-1")).containsExactly(2f, 4f, 0.5f, -1f);
        }
    }

    @Test
    void vectorsOfAnotherDimensionAreRefused() throws Exception {
        try (ChunkIndex index = open()) {
            IndexedChunk wrong = new IndexedChunk(0, "", 1, 1, "x", "h", new float[3], "");
            assertThatThrownBy(() -> index.replaceNote(note("a.md", "v1"), List.of(wrong)))
                    .hasMessageContaining("3 dimensions");
            assertThat(index.versions("folder:/notes")).isEmpty();
        }
    }

    @Test
    void anotherModelIsRefusedWithHowToRebuild() throws Exception {
        try (ChunkIndex index = open()) {
            index.replaceNote(note("a.md", "v1"), chunks("a.md", 1));
        }
        IndexManifest other = new IndexManifest(1, "other-model/int8", 4, MANIFEST.chunking());
        assertThatThrownBy(() -> store().open(folder, other, false))
                .isInstanceOf(IndexMismatchException.class)
                .hasMessageContaining("test-model/fp32")
                .hasMessageContaining("other-model/int8")
                .hasMessageContaining("--rebuild");
        IndexManifest rules = new IndexManifest(1, MANIFEST.modelId(), 4, "max 200, min 30, overlap 40");
        assertThatThrownBy(() -> store().open(folder, rules, false)).hasMessageContaining("max 200");
        try (ChunkIndex rebuilt = store().open(folder, other, true)) {
            assertThat(rebuilt.versions("folder:/notes")).isEmpty();
            assertThat(rebuilt.manifest()).isEqualTo(other);
        }
    }

    @Test
    void aDamagedIndexGivesAClearErrorAndRebuildRecovers() throws Exception {
        try (ChunkIndex index = open()) {
            index.replaceNote(note("a.md", "v1"), chunks("a.md", 2));
        }
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Files.write(file, "this is not an index, just some bytes ".repeat(200).getBytes());
            }
        }
        assertThatThrownBy(this::open)
                .isInstanceOf(ChunkIndexStore.IndexUnreadableException.class)
                .hasMessageContaining(folder.toString())
                .hasMessageContaining("--rebuild");
        try (ChunkIndex rebuilt = store().open(folder, MANIFEST, true)) {
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
    void vectorSearchRanksByCosineAndAppliesFilters() throws Exception {
        try (ChunkIndex index = open()) {
            searchFixture(index);
            var hits = index.nearest(new float[]{1, 0, 0, 0}, 3, dev.bearings.core.search.SearchFilter.NONE);
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
            assertThat(index.nearest(new float[]{1, 0, 0, 0}, 5, dev.bearings.core.search.SearchFilter.NONE))
                    .extracting(h -> h.chunk().note().id()).containsExactly("work.md", "bread.md");
        }
    }

    @Test
    void notesAreListedWithTheirFactsBySourceThenIdForWritersAndReaders() throws Exception {
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

    protected static dev.bearings.core.search.SearchFilter filter(Set<String> tags, String since, String before, String source) {
        return new dev.bearings.core.search.SearchFilter(tags, java.util.Optional.ofNullable(since).map(Instant::parse),
                java.util.Optional.ofNullable(before).map(Instant::parse), java.util.Optional.ofNullable(source));
    }
}
