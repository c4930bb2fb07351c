package dev.bearings.core;

import dev.bearings.core.markdown.Block;
import dev.bearings.core.markdown.BlockKind;
import dev.bearings.core.markdown.FrontMatter;
import dev.bearings.core.markdown.MarkdownDocument;
import dev.bearings.core.markdown.MarkdownParser;
import dev.bearings.core.markdown.SourceText;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MarkdownDocumentTest {
    /** Headings from '#' lines, every other non-blank line a paragraph; records what it was given. */
    private static final class Recording implements MarkdownParser {
        final List<String> given = new ArrayList<>();

        @Override
        public List<Block> parse(String markdown) {
            given.add(markdown);
            List<Block> blocks = new ArrayList<>();
            String[] lines = markdown.split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                if (lines[i].startsWith("# ")) {
                    blocks.add(Block.heading(1, lines[i].substring(2), i + 1, i + 1));
                } else if (!lines[i].isBlank()) {
                    blocks.add(Block.of(BlockKind.PARAGRAPH, i + 1, i + 1));
                }
            }
            return blocks;
        }
    }

    @Test
    void theTitleComesFromFrontMatterThenALeadingLevelOneHeadingThenTheFallback() {
        Recording parser = new Recording();
        assertThat(MarkdownDocument.parse("---\ntitle: ' From YAML '\n---\n# Heading\n", parser).title("file"))
                .isEqualTo("From YAML");
        assertThat(MarkdownDocument.parse("---\ntitle: \"  \"\n---\n# Heading\n", parser).title("file")).isEqualTo("Heading");
        assertThat(MarkdownDocument.parse("#  \n# Second\n", parser).title("file")).as("a blank heading is no title")
                .isEqualTo("file");
        assertThat(MarkdownDocument.parse("text\n# Part two\n", parser).title("file")).as("a heading further down names a part")
                .isEqualTo("file");
        assertThat(MarkdownDocument.parse("#work #home/vpn\n\n# VPN at home\n", parser).title("file")).as("tags before it")
                .isEqualTo("VPN at home");
        assertThat(MarkdownDocument.parse("\n\n# VPN at home\ntext\n", parser).title("file")).isEqualTo("VPN at home");
        assertThat(MarkdownDocument.parse("just text\n", parser).title("file")).isEqualTo("file");
    }

    @Test
    void frontMatterReachesTheParserAsBlankLinesSoLineNumbersStayTrue() {
        Recording parser = new Recording();
        MarkdownDocument document = MarkdownDocument.parse("---\ntags: [a]\n---\n# Heading\nbody\n", parser);
        assertThat(parser.given).containsExactly("\n\n\n# Heading\nbody\n");
        assertThat(document.blocks()).extracting(Block::kind, Block::startLine)
                .containsExactly(org.assertj.core.api.Assertions.tuple(BlockKind.FRONT_MATTER, 1),
                        org.assertj.core.api.Assertions.tuple(BlockKind.HEADING, 4),
                        org.assertj.core.api.Assertions.tuple(BlockKind.PARAGRAPH, 5));
        assertThat(document.frontMatter().orElseThrow().all("tags")).containsExactly("a");
        MarkdownDocument onlyFrontMatter = MarkdownDocument.parse("---\ntitle: x\n---", parser);
        assertThat(parser.given.get(1)).isEqualTo("\n\n");
        assertThat(onlyFrontMatter.blocks()).hasSize(1);
        MarkdownDocument trailing = MarkdownDocument.parse("---\ntitle: x\n---\n", parser);
        assertThat(parser.given.get(2)).isEqualTo("\n\n\n");
        assertThat(trailing.source().lineCount()).isEqualTo(3);
    }

    @Test
    void aParserThatReturnsLinesPastTheEndIsCaught() {
        MarkdownParser broken = markdown -> List.of(Block.of(BlockKind.PARAGRAPH, 1, 3));
        assertThatThrownBy(() -> MarkdownDocument.parse("one\ntwo\n", broken)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("past the last line 2");
        assertThat(MarkdownDocument.parse("one\ntwo\n", markdown -> List.of(Block.of(BlockKind.PARAGRAPH, 1, 2))).blocks())
                .hasSize(1);
    }

    /**
     * A note of nothing but {@code >} made a parser open a block per character: gigabytes for a few
     * megabytes, and commonmark-java's time on one line of list markers grows with their square.
     */
    @Test
    void noLineReachesTheParserNestedDeeperThanTheLimit() {
        int limit = MarkdownDocument.MAX_NESTING;
        Recording parser = new Recording();
        String quotes = ">".repeat(3 * limit);
        String lists = "- ".repeat(2 * limit) + "item";
        String mixed = "  > 1. > * ".repeat(limit) + "text";
        String deepEnough = "> ".repeat(limit) + "quoted";
        String note = "# Deep\n" + quotes + "\n" + lists + "\n" + mixed + "\n" + deepEnough + "\n";
        MarkdownDocument document = MarkdownDocument.parse(note, parser);

        String[] given = parser.given.get(0).split("\n", -1);
        assertThat(given).as("lines keep their numbers and lengths").hasSize(6);
        assertThat(given[1]).isEqualTo(">".repeat(limit) + "\\" + ">".repeat(2 * limit - 1));
        assertThat(given[2]).isEqualTo("- ".repeat(limit) + "\\ " + "- ".repeat(limit - 1) + "item");
        assertThat(given[3]).startsWith("  > 1. > * ".repeat(limit / 4) + "  \\ 1. ").hasSameSizeAs(mixed);
        assertThat(given[4]).as("at the limit, nothing changes").isEqualTo(deepEnough);
        assertThat(given[0]).isEqualTo("# Deep");
        assertThat(document.source().text()).as("what the chunker reads is the note").isEqualTo(note);
        assertThat(MarkdownDocument.parse("> > quote\n- - list\n1. 2) 3. item\n", parser).source().text())
                .isEqualTo(parser.given.get(1)).isEqualTo("> > quote\n- - list\n1. 2) 3. item\n");
    }

    @Test
    void frontMatterFieldsInTheShapesNotesUse() {
        FrontMatter yaml = FrontMatter.find(SourceText.of("---\n# a comment\ntitle: 'Quoted: yes'\ntags:\n  - one\n- \"two\"\n"
                + "aliases: [x, 'y', ]\n  indented: ignored\n: no key\nempty:\nafter: value\n---\nbody\n")).orElseThrow();
        assertThat(yaml.endLine()).isEqualTo(12);
        assertThat(yaml.first("title")).hasValue("Quoted: yes");
        assertThat(yaml.all("tags")).containsExactly("one", "two");
        assertThat(yaml.all("aliases")).containsExactly("x", "y");
        assertThat(yaml.fields()).containsOnlyKeys("title", "tags", "aliases", "empty", "after");
        assertThat(yaml.all("empty")).isEmpty();
        assertThat(yaml.first("empty")).isEmpty();
        assertThat(yaml.first("after")).hasValue("value");
        assertThat(yaml.first("missing")).isEmpty();
        assertThat(FrontMatter.find(SourceText.of("---\n...\nbody\n")).orElseThrow().raw()).isEmpty();
        assertThat(FrontMatter.find(SourceText.of("---\ntitle: x\n...\n")).orElseThrow().first("title")).hasValue("x");
        assertThat(FrontMatter.find(SourceText.of("+++\ntitle = \"T\"\n+++\n")).orElseThrow().first("title")).hasValue("T");
        assertThat(FrontMatter.find(SourceText.of("---"))).as("one line is no front matter").isEmpty();
        assertThat(FrontMatter.find(SourceText.of("---\n---\n")).orElseThrow().endLine()).isEqualTo(2);
        assertThat(FrontMatter.find(SourceText.of("---\nx: \"\n---\n")).orElseThrow().first("x")).as("one quote is kept")
                .hasValue("\"");
    }
}
