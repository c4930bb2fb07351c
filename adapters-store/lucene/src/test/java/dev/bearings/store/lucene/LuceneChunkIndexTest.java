package dev.bearings.store.lucene;

import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.index.IndexedChunk;
import dev.bearings.core.note.IndexedNote;
import dev.bearings.core.plugin.Settings;
import dev.bearings.core.search.KeywordSearch;
import dev.bearings.core.search.SearchFilter;
import dev.bearings.testkit.KeywordSearchContract;
import dev.bearings.testprocess.ChildProcess;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class LuceneChunkIndexTest extends KeywordSearchContract {

    @Override
    protected boolean rebuildsBeside() {
        return true;
    }

    @Override
    protected ChunkIndexStore store() {
        return new LuceneIndexProvider().create(Settings.NONE);
    }

    /**
     * A vector scores the same whichever compilers the JVM runs: the launcher gives a search and a server the
     * first alone, an index build and {@code eval} both. With both, Lucene fused the products' sums on CPUs it
     * finds FMA fast on ({@link VectorScoreRounding}), and the same question found other passages at 100,000
     * chunks. Each JVM also says whether Lucene chose to fuse: no, on any CPU, if the store asked first.
     */
    @Test
    void aVectorScoresTheSameWhicheverCompilersTheJvmRuns() throws Exception {
        Random random = new Random(5);
        try (ChunkIndex index = open()) {
            for (int n = 0; n < 30; n++) {
                List<IndexedChunk> chunks = new ArrayList<>();
                for (int i = 0; i < 10; i++) {
                    chunks.add(new IndexedChunk(i, "# n" + n, 1 + i, 1 + i, "Text " + i + " of note " + n, "hash-" + n + "-" + i,
                            unit(random), ""));
                }
                index.replaceNote(note("n" + n + ".md", "v1"), chunks);
            }
        }
        String firstCompilerOnly = scores("-XX:TieredStopAtLevel=1");
        String both = scores("-XX:TieredStopAtLevel=4");
        assertThat(both.lines().count()).isEqualTo(101);
        assertThat(both).endsWith("fused: false\n").isEqualTo(firstCompilerOnly);
    }

    private String scores(String compilers) throws Exception {
        Path logs = folder.resolve("child" + compilers.replaceAll("\\W", ""));
        try (ChildProcess child = ChildProcess.run(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                compilers, "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"), ScoresOfThisJvm.class.getName(),
                folder.toString()), logs, Duration.ofMinutes(2))) {
            assertThat(child.exitCode(Duration.ofSeconds(1))).as(child.err()).isZero();
            return child.out();
        }
    }

    /** A random vector of the recipe's dimension, of unit length. */
    static float[] unit(Random random) {
        float[] vector = new float[RECIPE.dimension()];
        double length = 0;
        for (int d = 0; d < vector.length; d++) {
            vector[d] = (float) random.nextGaussian();
            length += vector[d] * vector[d];
        }
        for (int d = 0; d < vector.length; d++) {
            vector[d] /= (float) Math.sqrt(length);
        }
        return vector;
    }

    /**
     * A reader answers as of the commit it opened, asked as often as a server asks: its notes and each
     * source's versions (read once and kept) stay those of its commit after a writer adds more; a reader
     * opened after that sees them.
     */
    @Test
    void aReaderKeepsAnsweringAsOfItsCommit() throws Exception {
        IndexedNote other = new IndexedNote("folder:/other", "b.md", "v1", "B", java.util.Set.of(),
                java.time.Instant.parse("2026-03-01T10:00:00Z"), "file:///other/b.md");
        try (ChunkIndex index = open()) {
            index.replaceNote(note("a.md", "v1"), chunks("a.md", 2));
            index.replaceNote(other, chunks("b.md", 1));
        }
        try (ChunkIndexReader reader = store().openExisting(folder)) {
            for (int asked = 0; asked < 2; asked++) {
                assertThat(reader.versions("folder:/notes")).isEqualTo(Map.of("a.md", "v1"));
                assertThat(reader.versions("folder:/other")).isEqualTo(Map.of("b.md", "v1"));
                assertThat(reader.notes()).extracting(IndexedNote::id).containsExactly("a.md", "b.md");
            }
            try (ChunkIndex index = open()) {
                index.replaceNote(note("a.md", "v2"), chunks("a.md", 2));
                index.replaceNote(note("c.md", "v1"), chunks("c.md", 1));
            }
            assertThat(reader.versions("folder:/notes")).isEqualTo(Map.of("a.md", "v1"));
            assertThat(reader.notes()).extracting(IndexedNote::id).containsExactly("a.md", "b.md");
        }
        try (ChunkIndexReader reader = store().openExisting(folder)) {
            assertThat(reader.versions("folder:/notes")).isEqualTo(Map.of("a.md", "v2", "c.md", "v1"));
            assertThat(reader.notes()).extracting(IndexedNote::id).containsExactly("a.md", "c.md", "b.md");
        }
    }

    /** An index of format 2 (English analysis alone) is upgraded when opened for writing, its vectors kept. */
    @Test
    void anIndexOfTheFormerFormatIsUpgradedInPlaceWithoutEmbeddingAgain() throws Exception {
        IndexedChunk kyoto = new IndexedChunk(0, "# 京都", 1, 3, "嵐山へはJR嵯峨野線が便利で、バスより速い。", "h-kyoto",
                new float[]{0.6f, 0.8f, 0, 0}, "");
        try (ChunkIndex index = open()) {
            index.replaceNote(note("kyoto.md", "v7"), List.of(kyoto));
        }
        // Written again as the previous version wrote it: with the English analyzer, stamped format 2.
        try (FSDirectory directory = FSDirectory.open(folder.resolve(LuceneChunkIndex.SUBFOLDER));
             IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig(new EnglishAnalyzer()))) {
            Map<String, String> data = new HashMap<>();
            writer.getLiveCommitData().forEach(e -> data.put(e.getKey(), e.getValue()));
            LuceneDocuments.reindexAll(writer);
            data.put("format", "2");
            writer.setLiveCommitData(data.entrySet());
            writer.commit();
        }
        try (ChunkIndexReader old = store().openExisting(folder)) {
            assertThat(old.manifest().formatVersion()).isEqualTo(2);
            assertThat(((KeywordSearch) old).keywords("嵐山", 5, SearchFilter.NONE)).as("format 2 cannot find it").isEmpty();
        }
        try (ChunkIndex upgraded = open()) {
            assertThat(upgraded.manifest().formatVersion()).isEqualTo(3);
            assertThat(((KeywordSearch) upgraded).keywords("嵐山", 5, SearchFilter.NONE)).hasSize(1);
            assertThat(upgraded.versions("folder:/notes")).containsEntry("kyoto.md", "v7");
            assertThat(upgraded.vectorsByHash(List.of("h-kyoto")).get("h-kyoto")).containsExactly(0.6f, 0.8f, 0f, 0f);
        }
        try (ChunkIndexReader reopened = store().openExisting(folder)) {
            assertThat(reopened.manifest().formatVersion()).isEqualTo(3);
            assertThat(reopened.stats().chunks()).isOne();
        }
    }

    /**
     * A word is one word however a chunk writes it: a chunk that holds {@code wifi} and {@code Wi-Fi}
     * scores as the better of a chunk holding one of them alone (of the same length), not as both, so that
     * spellings add matches without adding weight.
     */
    @Test
    void aWordHeldTwoWaysScoresAsAWordHeldOnce() throws Exception {
        try (ChunkIndex index = open()) {
            for (String[] note : List.of(new String[]{"both.md", "Cabin wifi, also written Wi-Fi on the card."},
                    new String[]{"one.md", "Cabin wifi, also written xx yy on the card."},
                    new String[]{"apart.md", "Cabin wi fi, also written xx on the card."},
                    new String[]{"bread.md", "Sourdough starter needs feeding twice a day."},
                    new String[]{"garden.md", "The apple tree was pruned in late winter."})) {
                index.replaceNote(note(note[0], "v1"), List.of(new IndexedChunk(0, "", 1, 1, note[1], note[0] + "-0",
                        new float[]{1, 0, 0, 0}, "")));
            }
            Map<String, Double> scores = new HashMap<>();
            ((KeywordSearch) index).keywords("wifi", 5, SearchFilter.NONE).forEach(hit -> scores.put(hit.chunk().note().id(), hit.score()));
            assertThat(scores.keySet()).containsExactlyInAnyOrder("both.md", "one.md", "apart.md");
            assertThat(scores.get("both.md")).isCloseTo(Math.max(scores.get("one.md"), scores.get("apart.md")), within(1e-6));
        }
    }
}
