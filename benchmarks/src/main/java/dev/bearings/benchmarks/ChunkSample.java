package dev.bearings.benchmarks;

import dev.bearings.core.chunk.Chunk;
import dev.bearings.core.chunk.ChunkPrefix;
import dev.bearings.core.chunk.Chunker;
import dev.bearings.core.chunk.ChunkingRules;
import dev.bearings.core.markdown.MarkdownDocument;
import dev.bearings.eval.Corpus;
import dev.bearings.parser.commonmark.CommonmarkParser;
import dev.bearings.testprocess.ProjectData;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Real chunks to embed: the PowerShell docs cut with the default rules, as they would be embedded. */
final class ChunkSample {

    private ChunkSample() {
    }

    /** Every k-th chunk of the corpus, {@code size} of them, each with its title-and-path prefix. */
    static List<String> texts(int size) throws IOException {
        Corpus corpus = Corpus.load(ProjectData.POWERSHELL_DOCS, Long.MAX_VALUE);
        CommonmarkParser parser = new CommonmarkParser();
        Chunker chunker = new Chunker(ChunkingRules.DEFAULT);
        List<String> all = new ArrayList<>();
        for (int i = 0; i < corpus.texts().size(); i++) {
            MarkdownDocument document = MarkdownDocument.parse(corpus.texts().get(i), parser);
            ChunkPrefix prefix = ChunkPrefix.titled(document.title(corpus.names().get(i)));
            for (Chunk chunk : chunker.chunk(document, prefix)) {
                all.add(chunk.embedded());
            }
        }
        List<String> sample = new ArrayList<>(size);
        double step = (double) all.size() / size;
        for (int i = 0; i < size; i++) {
            sample.add(all.get((int) (i * step)));
        }
        return sample;
    }
}
