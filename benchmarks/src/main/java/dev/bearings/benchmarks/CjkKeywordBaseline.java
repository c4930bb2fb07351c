package dev.bearings.benchmarks;

import dev.bearings.core.eval.Metrics;
import dev.bearings.core.note.Note;
import dev.bearings.eval.EvalDataset;
import dev.bearings.testprocess.ProjectData;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.cjk.CJKAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.util.QueryBuilder;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The baseline for keyword search in Japanese: Lucene's own {@link CJKAnalyzer} (width folding,
 * overlapping bigrams) and BM25 over a BEIR-layout dataset's documents (title and text in one field),
 * nothing of ours but the scoring. {@code bearings eval --suite} measures both stores' keyword mode
 * on the same data.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.bearings.benchmarks.CjkKeywordBaseline [DIR]
 * </pre>
 */
public final class CjkKeywordBaseline {

    private CjkKeywordBaseline() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = args.length > 0 ? Path.of(args[0]) : ProjectData.SHARED.resolve("jsquad-ja");
        EvalDataset data = EvalDataset.beir(dir, "test", Integer.MAX_VALUE, Integer.MAX_VALUE);
        double[] sums = score(data);
        int n = data.queries().size();
        System.out.printf(Locale.ROOT, "%-12s %-34s %7s %8s %7s %7s%n", "dataset", "keyword search", "queries", "nDCG@10", "R@10", "MRR@10");
        System.out.printf(Locale.ROOT, "%-12s %-34s %7d %8.4f %7.4f %7.4f%n", data.name(), "Lucene CJKAnalyzer + BM25", n,
                sums[0] / n, sums[1] / n, sums[2] / n);
    }

    /** Summed nDCG@10, Recall@10 and MRR@10 over the dataset's queries. */
    static double[] score(EvalDataset data) throws Exception {
        double[] sums = new double[3];
        try (Analyzer analyzer = new CJKAnalyzer(); Directory directory = new ByteBuffersDirectory()) {
            try (IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig(analyzer))) {
                for (Note note : data.notes()) {
                    Document doc = new Document();
                    doc.add(new StringField("id", note.id(), Field.Store.YES));
                    doc.add(new TextField("text", note.title() + " " + note.text(), Field.Store.NO));
                    writer.addDocument(doc);
                }
            }
            try (DirectoryReader reader = DirectoryReader.open(directory)) {
                IndexSearcher searcher = new IndexSearcher(reader);
                QueryBuilder builder = new QueryBuilder(analyzer);
                for (Map.Entry<String, String> query : data.queries().entrySet()) {
                    Query q = builder.createBooleanQuery("text", query.getValue());
                    List<String> ranked = new ArrayList<>();
                    if (q != null) {
                        for (ScoreDoc hit : searcher.search(q, 100).scoreDocs) {
                            String id = searcher.storedFields().document(hit.doc).get("id");
                            if (!(data.skipsQueryDocument() && id.equals(query.getKey()))) {
                                ranked.add(id);
                            }
                        }
                    }
                    Map<String, Integer> relevant = data.gold().get(query.getKey());
                    sums[0] += Metrics.ndcg(ranked, relevant, 10);
                    sums[1] += Metrics.recall(ranked, relevant, 10);
                    sums[2] += Metrics.mrr(ranked, relevant, 10);
                }
            }
        }
        return sums;
    }
}
