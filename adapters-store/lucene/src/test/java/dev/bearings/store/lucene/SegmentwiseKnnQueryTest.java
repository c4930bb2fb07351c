package dev.bearings.store.lucene;

import org.apache.lucene.document.Document;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Side by side, the segments' searches end in any order. The same segments searched one after the other in two
 * orders stand for two such runs: the answer must not change (it did with Lucene's own query, whose segments share
 * the best scores found so far).
 */
class SegmentwiseKnnQueryTest {
    private static final int SEGMENTS = 8;
    private static final int PER_SEGMENT = 2_000;
    private static final int DIMENSION = 32;

    @Test
    void theNearestAreTheSameWhicheverSegmentIsSearchedFirst() throws IOException {
        Random random = new Random(7);
        List<List<float[]>> batches = new ArrayList<>();
        for (int s = 0; s < SEGMENTS; s++) {
            List<float[]> batch = new ArrayList<>();
            for (int d = 0; d < PER_SEGMENT; d++) {
                batch.add(unit(random));
            }
            batches.add(batch);
        }
        try (Directory forward = index(batches, false); Directory backward = index(batches, true);
             DirectoryReader first = DirectoryReader.open(forward); DirectoryReader second = DirectoryReader.open(backward)) {
            assertThat(first.leaves()).hasSize(SEGMENTS);
            int differing = 0;
            for (int q = 0; q < 50; q++) {
                float[] query = unit(random);
                if (!nearest(first, query).equals(nearest(second, query))) {
                    differing++;
                }
            }
            assertThat(differing).as("questions answered otherwise when the segments come in another order").isZero();
        }
    }

    private static List<String> nearest(DirectoryReader reader, float[] query) throws IOException {
        // No executor: the segments are searched in the reader's order, on this thread.
        IndexSearcher searcher = new IndexSearcher(reader);
        List<String> ids = new ArrayList<>();
        for (ScoreDoc hit : searcher.search(new SegmentwiseKnnQuery("vector", query, 10, null), 10).scoreDocs) {
            ids.add(searcher.storedFields().document(hit.doc).get("id"));
        }
        return ids;
    }

    private static Directory index(List<List<float[]>> batches, boolean backward) throws IOException {
        Directory directory = new ByteBuffersDirectory();
        try (IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig().setMergePolicy(NoMergePolicy.INSTANCE)
                .setMaxBufferedDocs(PER_SEGMENT * 2).setRAMBufferSizeMB(256))) {
            for (int s = 0; s < SEGMENTS; s++) {
                int batch = backward ? SEGMENTS - 1 - s : s;
                for (int d = 0; d < PER_SEGMENT; d++) {
                    Document document = new Document();
                    document.add(new StoredField("id", batch + "/" + d));
                    document.add(new KnnFloatVectorField("vector", batches.get(batch).get(d), VectorSimilarityFunction.DOT_PRODUCT));
                    writer.addDocument(document);
                }
                writer.flush();
            }
        }
        return directory;
    }

    private static float[] unit(Random random) {
        float[] vector = new float[DIMENSION];
        double norm = 0;
        for (int i = 0; i < DIMENSION; i++) {
            vector[i] = (float) random.nextGaussian();
            norm += vector[i] * vector[i];
        }
        for (int i = 0; i < DIMENSION; i++) {
            vector[i] /= (float) Math.sqrt(norm);
        }
        return vector;
    }
}
