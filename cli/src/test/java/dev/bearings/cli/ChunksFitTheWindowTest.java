package dev.bearings.cli;

import dev.bearings.core.chunk.Chunk;
import dev.bearings.core.chunk.ChunkPrefix;
import dev.bearings.core.chunk.Chunker;
import dev.bearings.core.chunk.ChunkingRules;
import dev.bearings.core.chunk.TokenBudget;
import dev.bearings.core.embed.Embedder;
import dev.bearings.core.markdown.MarkdownDocument;
import dev.bearings.core.plugin.Settings;
import dev.bearings.embedding.onnx.OnnxEmbedderProvider;
import dev.bearings.eval.Corpus;
import dev.bearings.parser.commonmark.CommonmarkParser;
import dev.bearings.testkit.GeneratedMarkdown;
import dev.bearings.testkit.Prerequisite;
import dev.bearings.testprocess.ProjectData;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With the default rules and the embedder's own tokenizer as the budget, no chunk, with its
 * title-and-path prefix, exceeds the model's window: nothing is left for the model to cut.
 */
class ChunksFitTheWindowTest {
    private static Embedder embedder;
    private static Chunker chunker;
    private static final CommonmarkParser PARSER = new CommonmarkParser();

    @BeforeAll
    @BeforeContainer
    static void open() {
        if (embedder == null) {
            embedder = new OnnxEmbedderProvider().create(Settings.NONE);
            chunker = new Chunker(ChunkingRules.DEFAULT, new TokenBudget(embedder::countTokens, embedder.maxTokens()));
        }
    }

    @AfterAll
    @AfterContainer
    static void close() {
        if (embedder != null) {
            embedder.close();
            embedder = null;
        }
    }

    private static void checkFits(String markdown, String fallbackTitle) {
        MarkdownDocument document = MarkdownDocument.parse(markdown, PARSER);
        ChunkPrefix prefix = ChunkPrefix.titled(document.title(fallbackTitle));
        for (Chunk chunk : chunker.chunk(document, prefix)) {
            int tokens = embedder.countTokens(prefix.apply(chunk.headingPath(), chunk.text()));
            assertThat(tokens).as("tokens of chunk %d of %s", chunk.ordinal(), fallbackTitle)
                    .isLessThanOrEqualTo(embedder.maxTokens())
                    .isEqualTo(chunk.tokens().orElseThrow());
        }
    }

    @Test
    void powerShellDocsSampleFits() throws Exception {
        Prerequisite.requireFile(ProjectData.POWERSHELL_DOCS);
        Corpus corpus = Corpus.load(ProjectData.POWERSHELL_DOCS, Long.MAX_VALUE);
        List<String> texts = corpus.texts();
        int checked = 0;
        for (int i = 0; i < texts.size(); i += 50) {
            checkFits(texts.get(i), corpus.names().get(i));
            checked++;
        }
        assertThat(checked).isGreaterThan(250);
    }

    @Test
    void theBundledNotesFit() throws Exception {
        try (var files = java.nio.file.Files.list(ProjectData.EXAMPLE_NOTES)) {
            for (var file : files.toList()) {
                checkFits(java.nio.file.Files.readString(file), file.getFileName().toString());
            }
        }
    }

    @Provide
    Arbitrary<String> notes() {
        return GeneratedMarkdown.notes();
    }

    @Property(tries = 40)
    void generatedNotesFit(@ForAll("notes") String markdown) {
        open();
        checkFits(markdown, "Generated note");
    }
}
