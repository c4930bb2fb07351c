package dev.bearings.testkit;

import dev.bearings.core.markdown.Block;
import dev.bearings.core.markdown.BlockKind;
import dev.bearings.core.markdown.MarkdownDocument;
import dev.bearings.core.markdown.MarkdownParser;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.util.List;
import java.util.stream.Stream;

import static dev.bearings.testkit.MarkdownParserContract.headings;
import static dev.bearings.testkit.MarkdownParserContract.wellFormedBlocks;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a parser that claims CommonMark must do besides: every example of the CommonMark spec 0.31.2
 * yields exactly the top-level headings (level and text) the spec's HTML shows, and the cases popular
 * chunkers get wrong (fences, indented code, quotes and lists, setext, HTML blocks, tables) come out right.
 */
public abstract class CommonMarkParserContract extends MarkdownParserContract {

    @TestFactory
    protected Stream<DynamicTest> everyCommonMarkSpecExampleYieldsItsHeadings() {
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
    protected void hashLinesInsideBacktickFencesAreCode() {
        String md = "# Setup\n\n```bash\n# install the tools\napt-get install wireguard\n## not a heading\n```\n\nDone.\n";
        List<Block> blocks = wellFormedBlocks(parser(), md);
        assertThat(headings(blocks)).containsExactly("1 Setup");
        assertThat(blocks).contains(Block.of(BlockKind.CODE, 3, 7));
    }

    @Test
    protected void hashLinesInsideTildeFencesAreCode() {
        String md = "Intro\n\n~~~python\n# a comment\nprint(1)\n~~~\n";
        assertThat(headings(wellFormedBlocks(parser(), md))).isEmpty();
        assertThat(wellFormedBlocks(parser(), md)).contains(Block.of(BlockKind.CODE, 3, 6));
    }

    @Test
    protected void longerFenceIsClosedOnlyByAFenceAtLeastAsLong() {
        String md = "````md\n```\n# still code\n```\n````\n# After\n";
        List<Block> blocks = wellFormedBlocks(parser(), md);
        assertThat(blocks).startsWith(Block.of(BlockKind.CODE, 1, 5));
        assertThat(headings(blocks)).containsExactly("1 After");
    }

    @Test
    protected void unclosedFenceRunsToTheEndOfTheDocument() {
        String md = "# Before\n\n```\n# inside\n\n## also inside\n";
        List<Block> blocks = wellFormedBlocks(parser(), md);
        assertThat(headings(blocks)).containsExactly("1 Before");
        assertThat(blocks.get(blocks.size() - 1)).isEqualTo(Block.of(BlockKind.CODE, 3, 6));
    }

    @Test
    protected void indentedCodeIsNotAHeading() {
        String md = "Text\n\n    # not a heading\n    more code\n";
        assertThat(headings(wellFormedBlocks(parser(), md))).isEmpty();
    }

    @Test
    protected void tagsAndSevenHashesAreNotHeadings() {
        String md = "#tag #another/nested\n\n####### seven\n\n#5 is a number\n";
        List<Block> blocks = wellFormedBlocks(parser(), md);
        assertThat(headings(blocks)).isEmpty();
        assertThat(blocks).extracting(Block::kind).containsOnly(BlockKind.PARAGRAPH);
    }

    @Test
    protected void closingHashesAreNotPartOfTheText() {
        assertThat(headings(wellFormedBlocks(parser(), "## Title ##\n### Other #####   \n#### C# #\n")))
                .containsExactly("2 Title", "3 Other", "4 C#");
    }

    @Test
    protected void headingsInQuotesAndListsAreNotSectionBoundaries() {
        String md = "> # Quoted\n> text\n\n- # In a list\n- item\n\n1. ## Numbered\n";
        List<Block> blocks = wellFormedBlocks(parser(), md);
        assertThat(headings(blocks)).isEmpty();
        assertThat(blocks).containsExactly(Block.of(BlockKind.QUOTE, 1, 2), Block.of(BlockKind.LIST, 4, 5),
                Block.of(BlockKind.LIST, 7, 7));
    }

    @Test
    protected void setextHeadingsSpanTheirUnderline() {
        String md = "Main Title\n==========\n\nSome text.\n\nSub Title\n---------\n\nMore.\n";
        List<Block> blocks = wellFormedBlocks(parser(), md);
        assertThat(blocks).contains(Block.heading(1, "Main Title", 1, 2), Block.heading(2, "Sub Title", 6, 7));
    }

    @Test
    protected void tablesAreOneBlock() {
        String md = "| Port | Use |\n|------|-----|\n| 51820 | WireGuard |\n| 22 | ssh |\n\nAfter.\n";
        assertThat(wellFormedBlocks(parser(), md))
                .containsExactly(Block.of(BlockKind.TABLE, 1, 4), Block.of(BlockKind.PARAGRAPH, 6, 6));
    }

    @Test
    protected void htmlBlocksAndCommentsHideHeadings() {
        String md = "<!--\n# commented out\n-->\n\n<div>\n# inside html\n</div>\n\n# Real\n";
        List<Block> blocks = wellFormedBlocks(parser(), md);
        assertThat(headings(blocks)).containsExactly("1 Real");
        assertThat(blocks).startsWith(Block.of(BlockKind.HTML, 1, 3), Block.of(BlockKind.HTML, 5, 7));
    }

    @Test
    protected void cjkAndEmojiHeadingsKeepTheirText() {
        assertThat(headings(wellFormedBlocks(parser(), "# 日本語の見出し\n\n本文です。\n\n## 🚀 Launch *plan*\n")))
                .containsExactly("1 日本語の見出し", "2 🚀 Launch plan");
    }

    @Test
    protected void inlineMarkupIsRemovedFromHeadingText() {
        assertThat(headings(wellFormedBlocks(parser(),
                "# Using `wg-quick` with **systemd** and [docs](https://example.com) \\*really\\* &amp; more\n")))
                .containsExactly("1 Using wg-quick with systemd and docs *really* & more");
    }

}
