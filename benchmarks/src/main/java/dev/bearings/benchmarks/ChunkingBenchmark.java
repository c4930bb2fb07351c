package dev.bearings.benchmarks;

import com.vladsch.flexmark.ext.tables.TablesExtension;
import com.vladsch.flexmark.util.data.MutableDataSet;
import dev.bearings.core.chunk.Chunker;
import dev.bearings.core.chunk.ChunkingRules;
import dev.bearings.core.markdown.MarkdownDocument;
import dev.bearings.core.markdown.MarkdownParser;
import dev.bearings.eval.Corpus;
import dev.bearings.parser.commonmark.CommonmarkParser;
import dev.bearings.parser.flexmark.FlexmarkParser;
import dev.bearings.testprocess.ProjectData;
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
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * How fast is chunking, per parser, compared with a bare full parse by the same library?
 *
 * <p>Each operation processes the whole corpus once: {@code chunk} runs our parser adapter and the
 * chunker with the rules asked for ({@code -p rules=300/30/40,150/30/40}; the shipped ones unless
 * asked); {@code fullParse} runs the library's own complete parse (inline parsing included, same table
 * extension), the baseline. Corpus: the Windows PowerShell docs, the
 * first 10 MB of files in sorted path order ({@code first10MB}) or all of them ({@code all}).
 *
 * <p>Run (from the project root, after {@code ./mvnw -q -Pbench package -DskipTests}):
 * <pre>java -cp benchmarks/target/benchmarks.jar dev.bearings.benchmarks.ChunkingThroughput</pre>
 * which prints MB/s and the ratio; or JMH directly:
 * <pre>java -jar benchmarks/target/benchmarks.jar ChunkingBenchmark</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
public class ChunkingBenchmark {
    public static final long TEN_MB = 10_000_000L;

    @Param({"commonmark", "flexmark"})
    public String parser;

    @Param({"first10MB", "all"})
    public String corpus;

    private List<String> texts;
    private MarkdownParser adapter;
    private Function<String, Object> fullParse;
    /** Max / min / overlap words ({@link ChunkingSweep#rules}); the default rules unless asked. */
    @Param({"300/30/40"})
    public String rules;

    private Chunker chunker;

    @Setup
    public void setUp() throws IOException {
        texts = Corpus.load(ProjectData.POWERSHELL_DOCS, corpus.equals("all") ? Long.MAX_VALUE : TEN_MB).texts();
        adapter = adapter(parser);
        fullParse = fullParser(parser);
        ChunkingSweep.Rules r = ChunkingSweep.rules(rules).get(0);
        chunker = new Chunker(new ChunkingRules(r.maxWords(), r.minWords(), r.overlapWords()));
    }

    static MarkdownParser adapter(String name) {
        return name.equals("flexmark") ? new FlexmarkParser() : new CommonmarkParser();
    }

    /** The library as a user would call it: defaults plus the same table extension. */
    static Function<String, Object> fullParser(String name) {
        if (name.equals("flexmark")) {
            MutableDataSet options = new MutableDataSet();
            options.set(com.vladsch.flexmark.parser.Parser.EXTENSIONS, List.of(TablesExtension.create()));
            com.vladsch.flexmark.parser.Parser flexmark = com.vladsch.flexmark.parser.Parser.builder(options).build();
            return flexmark::parse;
        }
        org.commonmark.parser.Parser commonmark = org.commonmark.parser.Parser.builder()
                .extensions(List.of(org.commonmark.ext.gfm.tables.TablesExtension.create())).build();
        return commonmark::parse;
    }

    @Benchmark
    public void fullParse(Blackhole blackhole) {
        for (String text : texts) {
            blackhole.consume(fullParse.apply(text));
        }
    }

    @Benchmark
    public void chunk(Blackhole blackhole) {
        for (String text : texts) {
            blackhole.consume(chunker.chunk(MarkdownDocument.parse(text, adapter)));
        }
    }
}
