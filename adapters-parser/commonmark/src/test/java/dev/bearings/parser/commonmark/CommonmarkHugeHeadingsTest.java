package dev.bearings.parser.commonmark;

import dev.bearings.core.chunk.Chunk;
import dev.bearings.core.chunk.ChunkPrefix;
import dev.bearings.core.chunk.Chunker;
import dev.bearings.core.chunk.ChunkingRules;
import dev.bearings.core.chunk.TokenBudget;
import dev.bearings.core.markdown.Block;
import dev.bearings.core.markdown.BlockKind;
import dev.bearings.core.markdown.MarkdownDocument;
import dev.bearings.core.markdown.MarkdownParser;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * commonmark-java parses a heading's inlines in time growing with the square of its length on some
 * input (a heading of 256 KB of {@code <a } took 15 s): the adapter reads no more of a heading than
 * {@link MarkdownParser#MAX_HEADING_CHARS}.
 */
class CommonmarkHugeHeadingsTest {
    private final CommonmarkParser parser = new CommonmarkParser();

    @Test
    void onlyTheStartOfAHugeHeadingIsRead() {
        List<Block> plain = parser.parse("# " + "word ".repeat(50_000) + "\n");
        assertThat(plain.get(0).headingText()).isEqualTo("word ".repeat(MarkdownParser.MAX_HEADING_CHARS / 5).strip());
        for (String heading : List.of("<a ".repeat(100_000), "*a _b [c](".repeat(30_000))) {
            List<Block> blocks = assertTimeoutPreemptively(Duration.ofMinutes(2), () -> parser.parse("# " + heading + "\n\ntext\n"));
            assertThat(blocks).extracting(Block::kind).containsExactly(BlockKind.HEADING, BlockKind.PARAGRAPH);
            assertThat(blocks.get(0).headingText()).as(heading.substring(0, 10)).hasSizeLessThanOrEqualTo(MarkdownParser.MAX_HEADING_CHARS);
        }
    }

    /** A long paragraph underlined with {@code ---} is a setext heading: it once left no room for any text. */
    @Test
    void aLongParagraphUnderlinedIsAHeadingAndTheNoteIsChunked() {
        String paragraph = "a paragraph that goes on for a while ".repeat(300);
        MarkdownDocument document = MarkdownDocument.parse(paragraph + "\n---\n\nthe text under it\n", parser);
        assertThat(document.blocks()).extracting(Block::kind).containsExactly(BlockKind.HEADING, BlockKind.PARAGRAPH);
        TokenBudget budget = new TokenBudget(String::length, 512);
        List<Chunk> chunks = new Chunker(ChunkingRules.DEFAULT, budget).chunk(document, ChunkPrefix.titled("Note"));
        assertThat(chunks).isNotEmpty().allSatisfy(c -> assertThat(c.tokens().getAsInt()).isLessThanOrEqualTo(512));
        assertThat(chunks.get(0).prefix()).startsWith("Note > a paragraph that goes on").endsWith("\n\n");
        assertThat(chunks.get(chunks.size() - 1).text()).endsWith("the text under it");
    }
}
