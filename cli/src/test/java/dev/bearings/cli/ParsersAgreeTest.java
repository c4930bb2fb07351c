package dev.bearings.cli;

import dev.bearings.core.chunk.Chunker;
import dev.bearings.core.chunk.ChunkingRules;
import dev.bearings.core.markdown.MarkdownDocument;
import dev.bearings.eval.Corpus;
import dev.bearings.parser.commonmark.CommonmarkParser;
import dev.bearings.parser.flexmark.FlexmarkParser;
import dev.bearings.testkit.GeneratedMarkdown;
import dev.bearings.testkit.Prerequisite;
import dev.bearings.testkit.SpecExample;
import dev.bearings.testprocess.ProjectData;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The two parser adapters must yield the same blocks, and so the same chunks, for the same note. */
class ParsersAgreeTest {
    private final CommonmarkParser commonmark = new CommonmarkParser();
    private final FlexmarkParser flexmark = new FlexmarkParser();

    @Provide
    Arbitrary<String> notes() {
        return GeneratedMarkdown.notes();
    }

    @Property(tries = 200)
    void sameBlocksAndChunksForGeneratedNotes(@ForAll("notes") String markdown) {
        MarkdownDocument a = MarkdownDocument.parse(markdown, commonmark);
        MarkdownDocument b = MarkdownDocument.parse(markdown, flexmark);
        assertThat(b.blocks()).isEqualTo(a.blocks());
        Chunker chunker = new Chunker(new ChunkingRules(60, 10, 15));
        assertThat(chunker.chunk(b)).isEqualTo(chunker.chunk(a));
    }

    @Test
    void sameHeadingsAndChunksForEverySpecExample() {
        List<Integer> differing = new ArrayList<>();
        Chunker chunker = new Chunker(new ChunkingRules(20, 5, 5));
        for (SpecExample example : SpecExample.all()) {
            MarkdownDocument a = MarkdownDocument.parse(example.markdown(), commonmark);
            MarkdownDocument b = MarkdownDocument.parse(example.markdown(), flexmark);
            if (!chunker.chunk(a).equals(chunker.chunk(b))) {
                differing.add(example.number());
            }
        }
        assertThat(differing).as("spec examples whose chunks differ between parsers").isEmpty();
    }

    @Test
    void sameChunksForASampleOfThePowerShellDocs() throws Exception {
        Prerequisite.requireFile(ProjectData.POWERSHELL_DOCS);
        Corpus corpus = Corpus.load(ProjectData.POWERSHELL_DOCS, Long.MAX_VALUE);
        Chunker chunker = new Chunker(ChunkingRules.DEFAULT);
        List<String> differing = new ArrayList<>();
        for (int i = 0; i < corpus.texts().size(); i += 10) {
            String text = corpus.texts().get(i);
            if (!chunker.chunk(MarkdownDocument.parse(text, commonmark))
                    .equals(chunker.chunk(MarkdownDocument.parse(text, flexmark)))) {
                differing.add(corpus.names().get(i));
            }
        }
        assertThat(differing).as("files whose chunks differ between parsers").isEmpty();
    }
}
