package dev.bearings.testkit;

import dev.bearings.core.markdown.Block;
import dev.bearings.core.markdown.BlockKind;
import dev.bearings.core.markdown.MarkdownDocument;
import dev.bearings.core.markdown.MarkdownParser;
import dev.bearings.core.markdown.SourceText;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What every {@link MarkdownParser} must do, however much Markdown it knows: on every input of the
 * CommonMark spec 0.31.2 and on hostile input it returns well-formed blocks (in order, within the text,
 * every non-blank line in a block), and it finds plain ATX headings. A parser's test extends this class
 * and says which parser to test; a parser that claims CommonMark extends {@link CommonMarkParserContract}.
 */
public abstract class MarkdownParserContract {

    protected abstract MarkdownParser parser();

    @TestFactory
    protected Stream<DynamicTest> everyCommonMarkSpecExampleParsesToWellFormedBlocks() {
        MarkdownParser parser = parser();
        return SpecExample.all().stream().map(example -> DynamicTest.dynamicTest(
                "spec example " + example.number() + " (" + example.section() + ")",
                () -> wellFormedBlocks(parser, example.markdown())));
    }

    @Test
    protected void plainHeadingsAreFoundWithTheirLevelAndText() {
        assertThat(wellFormedBlocks(parser(), "# One\ntext\n\n## Two\nmore\n###### Six\n").stream().filter(Block::isHeading))
                .containsExactly(Block.heading(1, "One", 1, 1), Block.heading(2, "Two", 4, 4), Block.heading(6, "Six", 6, 6));
    }

    @Test
    protected void frontMatterIsMetadataNotAHeading() {
        String md = "---\ntitle: VPN setup\ntags: [network, vpn]\n---\n# WireGuard\n\nBody.\n";
        MarkdownDocument document = MarkdownDocument.parse(md, parser());
        assertThat(document.frontMatter()).hasValueSatisfying(fm -> {
            assertThat(fm.first("title")).hasValue("VPN setup");
            assertThat(fm.all("tags")).containsExactly("network", "vpn");
        });
        assertThat(document.blocks()).containsExactly(Block.of(BlockKind.FRONT_MATTER, 1, 4),
                Block.heading(1, "WireGuard", 5, 5), Block.of(BlockKind.PARAGRAPH, 7, 7));
    }

    @Test
    protected void noteThatIsOnlyFrontMatterHasNoOtherBlocks() {
        MarkdownDocument document = MarkdownDocument.parse("---\ntitle: Empty\n---\n", parser());
        assertThat(document.blocks()).containsExactly(Block.of(BlockKind.FRONT_MATTER, 1, 3));
    }

    @Test
    protected void hundredThousandCharacterLineIsOneParagraph() {
        String line = "word ".repeat(20_000).strip();
        assertThat(wellFormedBlocks(parser(), "# Long\n" + line + "\n"))
                .containsExactly(Block.heading(1, "Long", 1, 1), Block.of(BlockKind.PARAGRAPH, 2, 2));
    }

    @Test
    protected void emptyAndBlankInputHaveNoBlocks() {
        assertThat(parser().parse("")).isEmpty();
        assertThat(parser().parse("\n\n   \n")).isEmpty();
    }

    @Test
    protected void crlfAndByteOrderMarkAreHandledBeforeParsing() {
        MarkdownDocument document = MarkdownDocument.parse("\uFEFF# Title\r\n\r\nText\r\n", parser());
        assertThat(document.blocks()).containsExactly(Block.heading(1, "Title", 1, 1),
                Block.of(BlockKind.PARAGRAPH, 3, 3));
    }

    @Test
    protected void thousandsOfHeadingsAreAllFound() {
        StringBuilder md = new StringBuilder();
        for (int i = 0; i < 5_000; i++) {
            md.append("## Heading ").append(i).append("\n\ntext ").append(i).append("\n\n");
        }
        List<Block> blocks = wellFormedBlocks(parser(), md.toString());
        assertThat(blocks.stream().filter(Block::isHeading)).hasSize(5_000);
    }

    /** Parses and checks what holds for any input: order, bounds, and every non-blank line covered. */
    public static List<Block> wellFormedBlocks(MarkdownParser parser, String markdown) {
        List<Block> blocks = parser.parse(markdown);
        SourceText source = SourceText.of(markdown);
        int previousEnd = 0;
        for (Block block : blocks) {
            assertThat(block.startLine()).as("%s starts after the block before it", block).isGreaterThan(previousEnd);
            assertThat(block.endLine()).as("%s ends within the text", block).isLessThanOrEqualTo(source.lineCount());
            previousEnd = block.endLine();
        }
        for (int line = 1; line <= source.lineCount(); line++) {
            if (!source.line(line).isBlank()) {
                int n = line;
                assertThat(blocks).as("some block covers non-blank line %d of:%n%s", n, markdown)
                        .anyMatch(b -> b.startLine() <= n && n <= b.endLine());
            }
        }
        return blocks;
    }

    /** Headings as {@code level text}, in order. */
    public static List<String> headings(List<Block> blocks) {
        return blocks.stream().filter(Block::isHeading)
                .map(b -> b.headingLevel() + " " + b.headingText())
                .collect(Collectors.toList());
    }
}
