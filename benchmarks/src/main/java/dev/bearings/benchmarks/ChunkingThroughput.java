package dev.bearings.benchmarks;

import dev.bearings.eval.Corpus;
import dev.bearings.testprocess.ProjectData;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

import java.io.IOException;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * Runs {@link ChunkingBenchmark} and prints MB/s of Markdown per parser and corpus, with chunking's
 * speed as a ratio to the library's full parse measured in the same run.
 *
 * <p>{@code java -cp benchmarks/target/benchmarks.jar dev.bearings.benchmarks.ChunkingThroughput [jmh regexp]}
 */
public final class ChunkingThroughput {

    private ChunkingThroughput() {
    }

    public static void main(String[] args) throws RunnerException, IOException {
        Map<String, Double> megabytes = new HashMap<>();
        megabytes.put("first10MB", Corpus.load(ProjectData.POWERSHELL_DOCS, ChunkingBenchmark.TEN_MB).megabytes());
        megabytes.put("all", Corpus.load(ProjectData.POWERSHELL_DOCS, Long.MAX_VALUE).megabytes());
        Options options = new OptionsBuilder()
                .include(ChunkingBenchmark.class.getSimpleName() + (args.length > 0 ? args[0] : ""))
                .build();
        Collection<RunResult> results = new Runner(options).run();
        Map<String, Double> msPerOp = new HashMap<>();
        for (RunResult result : results) {
            var params = result.getParams();
            String key = params.getParam("parser") + "/" + params.getParam("corpus") + "/"
                    + params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1);
            msPerOp.put(key, result.getPrimaryResult().getScore());
        }
        System.out.printf("%n%-11s %-10s %8s %14s %14s %8s%n", "parser", "corpus", "MB", "full parse MB/s",
                "chunk MB/s", "ratio");
        for (String parser : new String[]{"commonmark", "flexmark"}) {
            for (String corpus : new String[]{"first10MB", "all"}) {
                Double full = msPerOp.get(parser + "/" + corpus + "/fullParse");
                Double chunk = msPerOp.get(parser + "/" + corpus + "/chunk");
                if (full == null || chunk == null) {
                    continue;
                }
                double mb = megabytes.get(corpus);
                System.out.printf("%-11s %-10s %8.1f %14.1f %14.1f %7.2fx%n", parser, corpus, mb,
                        mb / (full / 1000), mb / (chunk / 1000), full / chunk);
            }
        }
    }
}
