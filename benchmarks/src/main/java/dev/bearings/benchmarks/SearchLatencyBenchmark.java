package dev.bearings.benchmarks;

import dev.bearings.app.json.SearchHitJson;
import dev.bearings.core.embed.Embedder;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.plugin.Settings;
import dev.bearings.core.search.Fusion;
import dev.bearings.core.search.KeywordQuery;
import dev.bearings.core.search.SearchFilter;
import dev.bearings.core.usecase.SearchNotes;
import dev.bearings.embedding.onnx.OnnxEmbedderProvider;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * How long does a search take, per store and mode, at 10,000 and 100,000 chunks? Each operation is a
 * whole {@code bearings search} minus the process: embed the query with the real fp32 model, ask the
 * index, fuse, take 10 passages. {@code mode=embedOnly} embeds the query as a search does (its words of
 * meaning, with the model's instruction for queries) and nothing else: the baseline every mode pays; {@code mode=fuseOnly} is the index's fusion alone, on each query's candidate
 * lists fetched beforehand: what hybrid search adds to the two lists; {@code mode=showOnly} is what showing
 * each of a hybrid search's 10 passages found beforehand costs (its snippet, the heading path of the section
 * holding the query's words, the sections it holds and its link), as the page and the MCP server show them
 * ({@link SearchHitJson}). Sample mode, so JMH prints p50 and p99. The indexes ({@link LargeIndex})
 * are built on the first run and kept under {@code target/bench-indexes}.
 *
 * <p>{@code java -jar benchmarks/target/benchmarks.jar SearchLatencyBenchmark}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 3, time = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xmx3g"})
public class SearchLatencyBenchmark {
    // "-WhatIf" would now keep out what holds it (KeywordQuery): the parameter is asked for by its name.
    static final List<String> QUERIES = List.of("how do I remove a printer with PowerShell",
            "Get-ChildItem recursive filter by extension", "configure remoting over HTTPS certificate",
            "schedule a job that runs every night", "what does the WhatIf parameter do");

    @Param({"sqlite", "lucene"})
    public String store;

    @Param({"hybrid", "vector", "keyword", "embedOnly", "fuseOnly", "showOnly"})
    public String mode;

    @Param({"10000", "100000"})
    public int chunks;

    /** Which of {@link #QUERIES} to ask, by its place (0-4), or {@code all} of them in turn: the cost per query. */
    @Param({"all"})
    public String query;

    private ChunkIndexReader index;
    private Embedder embedder;
    private SearchNotes search;
    private Fusion fusion;
    private final List<SearchNotes.Candidates> candidates = new ArrayList<>();
    private final List<SearchNotes.Results> found = new ArrayList<>();
    private int next;

    @Setup
    public void setUp() throws Exception {
        index = LargeIndex.open(store, chunks);
        embedder = new OnnxEmbedderProvider().create(Settings.NONE);
        fusion = index.manifest().recipe().fusion();
        search = new SearchNotes(embedder, index.manifest().recipe().tuning());
        if (mode.equals("fuseOnly")) {
            for (String query : QUERIES) {
                candidates.add(search.candidates(index, request(query, SearchNotes.Mode.HYBRID), SearchNotes.Mode.HYBRID));
            }
        }
        if (mode.equals("showOnly")) {
            for (String query : QUERIES) {
                found.add(search.search(index, request(query, SearchNotes.Mode.HYBRID)));
            }
        }
    }

    private static SearchNotes.Request request(String query, SearchNotes.Mode mode) {
        return new SearchNotes.Request(query, 10, mode, SearchFilter.NONE);
    }

    @TearDown
    public void tearDown() {
        index.close();
        embedder.close();
    }

    @Benchmark
    public Object search() {
        int at = query.equals("all") ? next++ % QUERIES.size() : Integer.parseInt(query);
        String asked = QUERIES.get(at);
        if (mode.equals("embedOnly")) {
            return embedder.embedQuery(KeywordQuery.of(asked).meaning());
        }
        if (mode.equals("fuseOnly")) {
            SearchNotes.Candidates lists = candidates.get(at);
            return fusion.fuse(asked, lists.vector(), lists.keyword());
        }
        if (mode.equals("showOnly")) {
            List<SearchHitJson> shown = new ArrayList<>();
            for (SearchNotes.Hit hit : found.get(at).ranked()) {
                shown.add(SearchHitJson.of(hit, found.get(at).weights()));
            }
            return shown;
        }
        return search.search(index, request(asked, SearchNotes.Mode.parse(mode))).ranked();
    }
}
