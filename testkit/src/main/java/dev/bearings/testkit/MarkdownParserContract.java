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
 * What every {@link MarkdownParser} must do. An adapter's test extends this class and says which
 * parser to test; nothing else. It runs every example of the CommonMark spec 0.31.2 (the top-level
 * headings each must yield, with level and text, and well-formed blocks) and the cases popular
 * chunkers get wrong.
 */
public abstract class MarkdownParserContract {

    protected abstract MarkdownParser parser();

    @TestFactory
    Stream<DynamicTest> everyCommonMarkSpecExampleYieldsItsHeadings() {
        MarkdownParser parser = parser();
        return SpecExample.all().stream().map(example -> DynamicTest.dynamicTest(
                "spec example " + example.number() + " (" + example.section() + ")", () -> {
                    List<Block> blocks = wellFormedBlocks(parser, example.markdown());
                    assertThat(headings(blocks))
                            .as("top-level headings of spec example %d:%n%s", example.number(), example.markdown())
                            .isEqualTo(ExpectedHeadings.of(example.html()));
                }));
    }

    @Test
    void hashLinesInsideBacktickFencesAreCode() {
        String md = "# Setup\n\n```bash\n# install the tools\napt-get install wireguard\n## not a heading\n```\n\nDone.\n";
        List<Block> blocks = wellFormedBlocks(parser(), md);
        assertThat(headings(blocks)).containsExactly("1 Setup");
        assertThat(blocks).contains(Block.of(BlockKind.CODE, 3, 7));
    }

    @Test
    void hashLinesInsideTildeFencesAreCode() {
        String md = "Intro\n\n~~~python\n# a comment\nprint(1)\n~~~\n";
        assertThat(headings(wellFormedBlocks(parser(), md))).isEmpty();
        assertThat(wellFormedBlocks(parser(), md)).contains(Block.of(BlockKind.CODE, 3, 6));
    }

    @Test
    void longerFenceIsClosedOnlyByAFenceAtLeastAsLong() {
        String md = "````md\n```\n# still code\n```\n````\n# After\n";
        List<Block> blocks = wellFormedBlocks(parser(), md);
        assertThat(blocks).startsWith(Block.of(BlockKind.CODE, 1, 5));
        assertThat(headings(blocks)).containsExactly("1 After");
    }

    @Test
    void unclosedFenceRunsToTheEndOfTheDocument() {
        String md = "# Before\n\n```\n# inside\n\n## also inside\n";
        List<Block> blocks = wellFormedBlocks(parser(), md);
        assertThat(headings(blocks)).containsExactly("1 Before");
        assertThat(blocks.get(blocks.size() - 1)).isEqualTo(Block.of(BlockKind.CODE, 3, 6));
    }

    @Test
    void indentedCodeIsNotAHeading() {
        String md = "Text\n\n    # not a heading\n    more code\n";
        assertThat(headings(wellFormedBlocks(parser(), md))).isEmpty();
    }

    @Test
    void tagsAndSevenHashesAreNotHeadings() {
        String md = "#tag #another/nested\n\n####### seven\n\n#5 is a number\n";
        List<Block> blocks = wellFormedBlocks(parser(), md);
        assertThat(headings(blocks)).isEmpty();
        assertThat(blocks).extracting(Block::kind).containsOnly(BlockKind.PARAGRAPH);
    }

    @Test
    void closingHashesAreNotPartOfTheText() {
        assertThat(headings(wellFormedBlocks(parser(), "## Title ##\n### Other #####   \n#### C# #\n")))
                .containsExactly("2 Title", "3 Other", "4 C#");
    }

    @Test
    void headingsInQuotesAndListsAreNotSectionBoundaries() {
        String md = "> # Quoted\n> text\n\n- # In a list\n- item\n\n1. ## Numbered\n";
        List<Block> blocks = wellFormedBlocks(parser(), md);
        assertThat(headings(blocks)).isEmpty();
        assertThat(blocks).containsExactly(Block.of(BlockKind.QUOTE, 1, 2), Block.of(BlockKind.LIST, 4, 5),
                Block.of(BlockKind.LIST, 7, 7));
    }

    @Test
    void setextHeadingsSpanTheirUnderline() {
        String md = "Main Title\n==========\n\nSome text.\n\nSub Title\n---------\n\nMore.\n";
        List<Block> blocks = wellFormedBlocks(parser(), md);
        assertThat(blocks).contains(Block.heading(1, "Main Title", 1, 2), Block.heading(2, "Sub Title", 6, 7));
    }

    @Test
    void frontMatterIsMetadataNotAHeading() {
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
    void noteThatIsOnlyFrontMatterHasNoOtherBlocks() {
        MarkdownDocument document = MarkdownDocument.parse("---\ntitle: Empty\n---\n", parser());
        assertThat(document.blocks()).containsExactly(Block.of(BlockKind.FRONT_MATTER, 1, 3));
    }

    @Test
    void tablesAreOneBlock() {
        String md = "| Port | Use |\n|------|-----|\n| 51820 | WireGuard |\n| 22 | ssh |\n\nAfter.\n";
        assertThat(wellFormedBlocks(parser(), md))
                .containsExactly(Block.of(BlockKind.TABLE, 1, 4), Block.of(BlockKind.PARAGRAPH, 6, 6));
    }

    @Test
    void htmlBlocksAndCommentsHideHeadings() {
        String md = "<!--\n# commented out\n-->\n\n<div>\n# inside html\n</div>\n\n# Real\n";
        List<Block> blocks = wellFormedBlocks(parser(), md);
        assertThat(headings(blocks)).containsExactly("1 Real");
        assertThat(blocks).startsWith(Block.of(BlockKind.HTML, 1, 3), Block.of(BlockKind.HTML, 5, 7));
    }

    @Test
    void cjkAndEmojiHeadingsKeepTheirText() {
        assertThat(headings(wellFormedBlocks(parser(), "# 日本語の見出し\n\n本文です。\n\n## 🚀 Launch *plan*\n")))
                .containsExactly("1 日本語の見出し", "2 🚀 Launch plan");
    }

    @Test
    void inlineMarkupIsRemovedFromHeadingText() {
        assertThat(headings(wellFormedBlocks(parser(),
                "# Using `wg-quick` with **systemd** and [docs](https://example.com) \\*really\\* &amp; more\n")))
                .containsExactly("1 Using wg-quick with systemd and docs *really* & more");
    }

    @Test
    void hundredThousandCharacterLineIsOneParagraph() {
        String line = "word ".repeat(20_000).strip();
        assertThat(wellFormedBlocks(parser(), "# Long\n" + line + "\n"))
                .containsExactly(Block.heading(1, "Long", 1, 1), Block.of(BlockKind.PARAGRAPH, 2, 2));
    }

    @Test
    void emptyAndBlankInputHaveNoBlocks() {
        assertThat(parser().parse("")).isEmpty();
        assertThat(parser().parse("\n\n   \n")).isEmpty();
    }

    @Test
    void crlfAndByteOrderMarkAreHandledBeforeParsing() {
        MarkdownDocument document = MarkdownDocument.parse("\uFEFF# Title\r\n\r\nText\r\n", parser());
        assertThat(document.blocks()).containsExactly(Block.heading(1, "Title", 1, 1),
                Block.of(BlockKind.PARAGRAPH, 3, 3));
    }

    @Test
    void thousandsOfHeadingsAreAllFound() {
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

    static List<String> headings(List<Block> blocks) {
        return blocks.stream().filter(Block::isHeading)
                .map(b -> b.headingLevel() + " " + b.headingText())
                .collect(Collectors.toList());
    }
}
