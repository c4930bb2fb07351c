package dev.bearings.store.lucene;

import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.plugin.Settings;
import dev.bearings.core.search.RankedChunk;
import dev.bearings.core.search.SearchFilter;
import org.apache.lucene.util.Constants;

import java.nio.file.Path;
import java.util.Random;

/**
 * Prints the nearest chunks to a few set questions, with their scores to the last bit, and whether Lucene fuses a
 * vector's multiply-adds: what one JVM answers.
 */
final class ScoresOfThisJvm {
    private ScoresOfThisJvm() {
    }

    /** @param args the index's folder */
    public static void main(String[] args) throws Exception {
        Random random = new Random(3);
        try (ChunkIndexReader reader = new LuceneIndexProvider().create(Settings.NONE).openExisting(Path.of(args[0]))) {
            for (int q = 0; q < 10; q++) {
                float[] query = LuceneChunkIndexTest.unit(random);
                for (RankedChunk hit : reader.nearest(query, 10, SearchFilter.NONE)) {
                    System.out.println(q + " " + hit.chunk().key() + " " + Double.toHexString(hit.score()));
                }
            }
        }
        // Read after the index is open: reading it first would make Lucene choose before the store could ask.
        System.out.println("fused: " + Constants.HAS_FAST_SCALAR_FMA);
    }
}
