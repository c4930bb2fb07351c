package dev.bearings.store.sqlite;

import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.IndexedChunk;
import dev.bearings.core.note.IndexedNote;
import dev.bearings.core.search.SearchFilter;
import dev.bearings.testkit.ChunkIndexContract;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.IntPredicate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The vector file: what it finds against {@link ExactScan} over the same vectors in memory, and how it
 * is made again after a sync.
 */
class VectorFileTest {
    @TempDir
    Path folder;

    private static float[][] gaussian(int rows, int dimension, long seed) {
        Random random = new Random(seed);
        float[][] vectors = new float[rows][dimension];
        for (float[] vector : vectors) {
            for (int d = 0; d < dimension; d++) {
                vector[d] = (float) random.nextGaussian();
            }
        }
        return vectors;
    }

    private VectorFile written(float[][] vectors) throws IOException {
        int dimension = vectors[0].length;
        VectorFile.write(folder, 42, dimension, new VectorFile.Rows() {
            @Override
            public int count() {
                return vectors.length;
            }

            @Override
            public long id(int row) {
                return 10L * row + 7;
            }

            @Override
            public long hash(int row) {
                return row;
            }

            @Override
            public float[] vector(int row) {
                return vectors[row];
            }
        });
        return VectorFile.open(folder, 42, dimension).orElseThrow();
    }

    private static float[] flat(float[][] vectors) {
        float[] flat = new float[vectors.length * vectors[0].length];
        for (int row = 0; row < vectors.length; row++) {
            System.arraycopy(vectors[row], 0, flat, row * vectors[0].length, vectors[0].length);
        }
        return flat;
    }

    /** No more rows than a search scores exactly: every row is, and the hits are ExactScan's, score for score. */
    @Test
    void anIndexNoLargerThanWhatIsRescoredIsSearchedExactly() throws IOException {
        float[][] vectors = gaussian(VectorFile.rescored(50), 384, 1);
        float[] query = gaussian(1, 384, 2)[0];
        try (VectorFile file = written(vectors)) {
            for (IntPredicate keep : List.<IntPredicate>of(row -> true, row -> row % 3 == 1)) {
                assertThat(file.nearest(query, 50, keep)).isEqualTo(ExactScan.nearest(flat(vectors), vectors.length, query, 50, keep));
            }
            assertThat(file.id(3)).isEqualTo(37);
        }
    }

    /**
     * Beyond that, the rows nearest the query are found by their signs first: rows planted near the
     * query (at the first and last rows, and where the work is split) come first among 60,000 others,
     * with their exact scores, in the order ExactScan gives them.
     */
    @Test
    void theNearestRowsOfALargeIndexAreFoundByTheirSignsAndScoredExactly() throws IOException {
        int rows = 60_000;
        float[][] vectors = gaussian(rows, 384, 3);
        float[] query = gaussian(1, 384, 4)[0];
        Random random = new Random(5);
        int[] planted = {0, rows - 1, rows / 2, rows / 2 - 1, 12_345};
        for (int i = 0; i < planted.length; i++) {
            for (int d = 0; d < 384; d++) {
                // Near the query, each a little nearer than the next: 1.0, 0.9, ... of it plus noise.
                vectors[planted[i]][d] = query[d] * (1f - 0.1f * i) + (float) random.nextGaussian() * 0.3f;
            }
        }
        try (VectorFile file = written(vectors)) {
            List<ExactScan.Hit> found = file.nearest(query, 10, row -> true);
            List<ExactScan.Hit> exact = ExactScan.nearest(flat(vectors), rows, query, 10, row -> true);
            assertThat(found.subList(0, planted.length)).extracting(ExactScan.Hit::row).containsExactly(0, rows - 1, rows / 2,
                    rows / 2 - 1, 12_345);
            assertThat(found.subList(0, planted.length)).isEqualTo(exact.subList(0, planted.length));
        }
    }

    /** A file cut short, or of another layout, is not read: it is as if there were none. */
    @Test
    void aFileCutShortIsNotRead() throws IOException {
        written(gaussian(10, 16, 6)).close();
        Path file = folder.resolve(VectorFile.NAME);
        byte[] bytes = Files.readAllBytes(file);
        Files.write(file, java.util.Arrays.copyOf(bytes, bytes.length - 1));
        assertThat(VectorFile.open(folder, 42, 16)).isEmpty();
        assertThat(VectorFile.open(folder, 42, 17)).isEmpty();
    }

    private static IndexedNote note(String id) {
        return new IndexedNote("folder:/n", id, "v1", id, Set.of(), Instant.EPOCH, "file:///n/" + id);
    }

    private static IndexedChunk chunk(String hash, float... vector) {
        return new IndexedChunk(0, "# " + hash, 1, 2, "text " + hash, hash, vector, "");
    }

    /**
     * The file made after a sync takes the rows it had from the file before, but only where the chunk
     * is the same text: a note written under the ids of a deleted one (SQLite gives the highest ids
     * again) gets its own vectors, not the deleted note's.
     */
    @Test
    void aChunkUnderTheIdOfADeletedOneGetsItsOwnVector() throws Exception {
        try (ChunkIndex index = SqliteChunkIndex.open(folder, ChunkIndexContract.RECIPE, true)) {
            for (int i = 0; i < 20; i++) {
                index.replaceNote(note(String.format("n%02d.md", i)), List.of(chunk("h" + i, 1, i, 0, 0)));
            }
            index.markSynced(Instant.EPOCH);
            index.deleteNote("folder:/n", "n19.md");
            index.replaceNote(note("z.md"), List.of(chunk("h-z", 0, 0, 0, 1)));
            index.markSynced(Instant.EPOCH);
        }
        try (SqliteChunkIndex reader = SqliteChunkIndex.openExisting(folder)) {
            assertThat(reader.nearest(new float[]{0, 0, 0, 1}, 1, SearchFilter.NONE))
                    .extracting(h -> h.chunk().note().id() + "=" + h.score()).containsExactly("z.md=1.0");
            assertThat(reader.vectorsHeld()).isEqualTo("file");
        }
    }
}
