package dev.bearings.core;

import dev.bearings.core.chunk.Chunk;
import dev.bearings.core.chunk.ChunkPrefix;
import dev.bearings.core.chunk.HeadingPath;
import dev.bearings.core.chunk.Chunker;
import dev.bearings.core.chunk.ChunkingRules;
import dev.bearings.core.chunk.TokenBudget;
import dev.bearings.core.markdown.Block;
import dev.bearings.core.markdown.BlockKind;
import dev.bearings.core.markdown.MarkdownDocument;
import dev.bearings.core.markdown.MarkdownParser;
import dev.bearings.core.usecase.ChunkNote;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * The chunker's rules at their limits, on literal notes whose chunks were worked out by hand. (The
 * contract and property suites in the testkit run it with the real parsers on many more notes.)
 */
class ChunkerTest {
    /** ATX headings; runs of lines as paragraphs, or code between fences, or a list when they start with "- ". */
    private static final MarkdownParser PARSER = markdown -> {
        List<Block> blocks = new ArrayList<>();
        String[] lines = markdown.split("\n", -1);
        int i = 0;
        while (i < lines.length) {
            String line = lines[i];
            if (line.isBlank()) {
                i++;
            } else if (line.startsWith("# ") || line.startsWith("## ")) {
                int level = line.indexOf(' ');
                blocks.add(Block.heading(level, line.substring(level + 1), i + 1, i + 1));
                i++;
            } else if (line.startsWith("```")) {
                int end = i + 1;
                while (end < lines.length && !lines[end].startsWith("```")) {
                    end++;
                }
                blocks.add(Block.of(BlockKind.CODE, i + 1, Math.min(end, lines.length - 1) + 1));
                i = end + 1;
            } else {
                int end = i;
                while (end + 1 < lines.length && !lines[end + 1].isBlank() && !lines[end + 1].startsWith("#")) {
                    end++;
                }
                blocks.add(Block.of(line.startsWith("- ") ? BlockKind.LIST : BlockKind.PARAGRAPH, i + 1, end + 1));
                i = end + 1;
            }
        }
        return blocks;
    };

    private static List<Chunk> chunk(String markdown, ChunkingRules rules) {
        return new Chunker(rules).chunk(MarkdownDocument.parse(markdown, PARSER));
    }

    private static String words(int from, int to) {
        return IntStream.rangeClosed(from, to).mapToObj(i -> "w" + i).collect(Collectors.joining(" "));
    }

    @Test
    void aSectionOfExactlyMaxWordsIsOneChunkAndOneWordMoreIsCut() {
        assertThat(chunk("# H\n" + words(1, 9) + "\n", new ChunkingRules(10, 0, 0))).hasSize(1);
        assertThat(chunk("# H\n" + words(1, 10) + "\n", new ChunkingRules(10, 0, 0))).extracting(Chunk::words)
                .containsExactly(10, 1);
    }

    @Test
    void aSectionOfExactlyMinWordsStandsAloneAndASmallerOneMerges() {
        ChunkingRules rules = new ChunkingRules(20, 3, 0);
        assertThat(chunk("# A\none two\n# B\nthree four five six\n", rules)).extracting(Chunk::words).containsExactly(3, 5);
        List<Chunk> merged = chunk("# A\none\n# B\nthree four five six\n", rules);
        assertThat(merged).extracting(Chunk::words).containsExactly(7);
        assertThat(merged.get(0).headingPath()).as("merged forward: the later section's path").hasToString("# B");
        List<Chunk> upward = chunk("# A\none two three\n# B\nfour\n", rules);
        assertThat(upward).extracting(Chunk::words).containsExactly(6);
        assertThat(upward.get(0).headingPath()).as("merged upward: the earlier chunk's path").hasToString("# A");
    }

    @Test
    void aMergeMayReachMergedMaxWordsExactly() {
        ChunkingRules rules = new ChunkingRules(10, 3, 0);
        assertThat(rules.mergedMaxWords()).isEqualTo(12);
        assertThat(chunk("# A\n" + words(1, 9) + "\n# B\nx\n", rules)).extracting(Chunk::words).containsExactly(12);
    }

    @Test
    void aLongParagraphIsCutBetweenWordsWithOverlap() {
        List<Chunk> chunks = chunk(words(1, 25) + "\n", new ChunkingRules(10, 0, 3));
        assertThat(chunks).extracting(Chunk::text).containsExactly(words(1, 10), words(8, 17), words(15, 24), words(22, 25));
        assertThat(chunks).extracting(Chunk::overlapWords).containsExactly(0, 3, 3, 3);
        assertThat(chunks).extracting(Chunk::words).containsExactly(10, 10, 10, 4);
        assertThat(chunks).extracting(Chunk::ordinal).containsExactly(0, 1, 2, 3);
        assertThat(chunks.get(1).startOffset()).isEqualTo((words(1, 7) + " ").length());
    }

    @Test
    void prefersSentencesToWordsWhenTheyFillHalfThePiece() {
        String text = "One two three four five. Six seven eight nine ten eleven. Twelve thirteen.\n";
        assertThat(chunk(text, new ChunkingRules(8, 0, 0))).extracting(Chunk::text)
                .containsExactly("One two three four five.", "Six seven eight nine ten eleven. Twelve thirteen.");
        String early = "One two. Three four five six seven eight nine ten eleven twelve.\n";
        assertThat(chunk(early, new ChunkingRules(8, 0, 0))).as("a sentence end before half the piece is passed over")
                .extracting(Chunk::words).containsExactly(8, 4);
    }

    @Test
    void prefersBlocksToLinesAndLinesToWords() {
        String blocks = words(1, 4) + "\n\n" + words(5, 8) + "\n\n" + words(9, 12) + "\n";
        assertThat(chunk(blocks, new ChunkingRules(9, 0, 0))).extracting(Chunk::text)
                .containsExactly(words(1, 4) + "\n\n" + words(5, 8), words(9, 12));
        String list = "- " + words(1, 3) + "\n- " + words(4, 6) + "\n- " + words(7, 9) + "\n- " + words(10, 12) + "\n";
        assertThat(chunk(list, new ChunkingRules(7, 0, 0))).extracting(Chunk::text)
                .containsExactly("- " + words(1, 3) + "\n- " + words(4, 6), "- " + words(7, 9) + "\n- " + words(10, 12));
        String code = "```\n" + "a b c\n".repeat(6) + "```\n";
        List<Chunk> cut = chunk(code, new ChunkingRules(8, 0, 0));
        assertThat(cut).allSatisfy(c -> assertThat(c.text()).doesNotStartWith(" ").doesNotContain("b\n\n"));
        assertThat(cut).extracting(Chunk::words).containsExactly(6, 6, 6);
        assertThat(cut.get(1).lines().first()).isEqualTo(4);
    }

    @Test
    void underATokenBudgetTheOverlapTakesAtMostHalfOfIt() {
        TokenBudget thirtyCharacters = new TokenBudget(String::length, 30);
        String text = "abcd ".repeat(20).strip() + "\n";
        List<Chunk> chunks = new Chunker(new ChunkingRules(100, 0, 5), thirtyCharacters)
                .chunk(MarkdownDocument.parse(text, PARSER));
        assertThat(chunks.get(0).text()).isEqualTo("abcd abcd abcd abcd abcd abcd");
        assertThat(chunks.subList(1, chunks.size())).allSatisfy(c -> assertThat(c.overlapWords()).isEqualTo(3));
        assertThat(chunks).allSatisfy(c -> assertThat(c.text().length()).isLessThanOrEqualTo(30));
        assertThat(chunks).allSatisfy(c -> assertThat(c.tokens()).hasValue(c.text().length()));
        assertThat(chunks.get(chunks.size() - 1).text()).endsWith("abcd");
    }

    /** A cut that kept landing inside a surrogate pair once made this search loop forever: a timeout says so. */
    @Test
    @Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aSingleWordLargerThanTheBudgetIsCutBetweenCharactersNeverInsideAPair() {
        TokenBudget sevenCharacters = new TokenBudget(String::length, 7);
        String word = "x".repeat(16);
        assertThat(new Chunker(new ChunkingRules(100, 0, 0), sevenCharacters).chunk(MarkdownDocument.parse(word, PARSER)))
                .extracting(Chunk::text).containsExactly("xxxxxxx", "xxxxxxx", "xx");
        String bold = "\uD835\uDC00";
        List<Chunk> pairs = new Chunker(new ChunkingRules(100, 0, 0), sevenCharacters)
                .chunk(MarkdownDocument.parse(bold.repeat(8), PARSER));
        assertThat(pairs).as("seven characters hold three pairs, never three and a half")
                .extracting(Chunk::text).containsExactly(bold.repeat(3), bold.repeat(3), bold.repeat(2));
    }

    @Test
    void aPrefixOverHalfTheBudgetIsCutToItBetweenWordsAndKeepsItsSeparator() {
        Chunker chunker = new Chunker(new ChunkingRules(100, 0, 0), new TokenBudget(String::length, 30));
        MarkdownDocument document = MarkdownDocument.parse("the text itself\n", PARSER);
        assertThat(chunker.chunk(document, path -> "Title > a heading far too long to leave room\n\n"))
                .singleElement().satisfies(c -> {
                    assertThat(c.prefix()).isEqualTo("Title > a\n\n");
                    assertThat(c.embedded()).isEqualTo("Title > a\n\nthe text itself");
                    assertThat(c.tokens()).hasValue(c.embedded().length());
                });
        assertThat(chunker.chunk(document, path -> "Unbroken_prefix_of_twenty_five\n"))
                .as("no word fits: cut between characters").extracting(Chunk::prefix).containsExactly("Unbroken_prefi\n");
        assertThat(chunker.chunk(document, path -> "Short\n\n")).extracting(Chunk::embedded)
                .as("a prefix within half the budget is kept whole").containsExactly("Short\n\nthe text itself");
    }

    /** It once threw "cannot hold a single character", and the note was skipped as one that cannot be parsed. */
    @Test
    void aHeadingOfSixHundredWordsLeavesRoomForTheTextUnderIt() {
        String heading = words(1, 600);
        MarkdownDocument document = MarkdownDocument.parse("# " + heading + "\n\nthe text under it\n", PARSER);
        TokenBudget budget = new TokenBudget(String::length, 512);
        ChunkPrefix titled = ChunkPrefix.titled(document.title("file"));
        List<Chunk> chunks = new Chunker(ChunkingRules.DEFAULT, budget).chunk(document, titled);
        assertThat(chunks).isNotEmpty().allSatisfy(c -> {
            assertThat(c.prefix()).endsWith("\n\n").hasSizeLessThanOrEqualTo(256);
            assertThat(heading).startsWith(c.prefix().strip());
            assertThat(c.tokens().getAsInt()).isLessThanOrEqualTo(512).isEqualTo(c.embedded().length());
        });
        assertThat(chunks.get(chunks.size() - 1).text()).endsWith("the text under it");
    }

    @Test
    void aBudgetThatCannotHoldOneCharacterIsAnErrorThatSaysSo() {
        Chunker chunker = new Chunker(new ChunkingRules(100, 0, 0), new TokenBudget(String::length, 1));
        MarkdownDocument document = MarkdownDocument.parse("\uD835\uDC00\n", PARSER);
        assertThatThrownBy(() -> chunker.chunk(document, path -> "prefix "))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("token budget of 1")
                .hasMessageContaining("after the prefix \"\"");
    }

    /**
     * A note of nothing but {@code >} or {@code [} has no word to cut at, and a base64 image is one
     * huge word. Asking whether the rest of such a section fits once handed the tokenizer the whole
     * rest at every piece: minutes and gigabytes for a note of a few megabytes. No text counted may be
     * longer than the budget's characters, each chunk takes a bounded number of counts, and each
     * character is counted a bounded number of times (14 with the search for a cut starting near the
     * piece's start; 44 when it started in the middle of the window).
     */
    @Test
    void aWordlessOrOneWordNoteIsCountedInTextsNoLongerThanTheBudgetAllows() {
        String image = "![photo](data:image/png;base64," + "iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB".repeat(10_000) + ")";
        for (String note : List.of(">".repeat(300_000), "[".repeat(300_000), "A photo.\n\n" + image + "\n\nAfter it.\n")) {
            List<Integer> counted = new ArrayList<>();
            TokenBudget budget = new TokenBudget(text -> {
                counted.add(text.length());
                return text.length();
            }, 512);
            List<Chunk> chunks = assertTimeoutPreemptively(Duration.ofMinutes(2), () ->
                    new Chunker(ChunkingRules.DEFAULT, budget).chunk(MarkdownDocument.parse(note, PARSER), path -> "A title\n\n"));
            String start = note.substring(0, 20);
            assertThat(chunks).as(start).isNotEmpty().allSatisfy(c -> assertThat(c.tokens().getAsInt()).isLessThanOrEqualTo(512));
            assertThat(chunks.get(chunks.size() - 1).endOffset()).as(start).isEqualTo(note.strip().length());
            assertThat(counted).as(start).allSatisfy(length -> assertThat(length).isLessThanOrEqualTo(budget.maxChars()));
            assertThat(counted.size()).as(start + ": counts per chunk").isLessThanOrEqualTo(40 * chunks.size());
            assertThat(counted.stream().mapToLong(Integer::longValue).sum()).as(start + ": characters counted")
                    .isLessThanOrEqualTo(24L * note.length());
        }
    }

    @Test
    void chunkTextIsVerbatimWithoutLeadingBlankLinesOrTrailingSpace() {
        List<Chunk> chunks = chunk("\n\n# A\n\nalpha beta   \n\n\n", new ChunkingRules(10, 0, 0));
        assertThat(chunks).singleElement().satisfies(c -> {
            assertThat(c.text()).isEqualTo("# A\n\nalpha beta");
            assertThat(c.lines().first()).isEqualTo(3);
            assertThat(c.lines().last()).isEqualTo(5);
        });
        assertThat(chunk("\n \n", new ChunkingRules(10, 0, 0))).isEmpty();
    }

    @Test
    void theTitledPrefixNamesTitleAndPathOnce() {
        ChunkPrefix prefix = ChunkPrefix.titled("VPN");
        List<Chunk> chunks = chunk("# VPN\nintro\n## Server\nkeys\n", new ChunkingRules(10, 0, 0));
        assertThat(chunks).extracting(c -> prefix.apply(c.headingPath(), c.text()))
                .containsExactly("VPN\n\n# VPN\nintro", "VPN > Server\n\n## Server\nkeys");
        assertThat(ChunkPrefix.NONE.apply(chunks.get(1).headingPath(), "x")).isEqualTo("x");
        ChunkPrefix untitled = ChunkPrefix.titled(" ");
        assertThat(chunks).extracting(c -> untitled.apply(c.headingPath(), c.text()))
                .containsExactly("VPN\n\n# VPN\nintro", "VPN > Server\n\n## Server\nkeys");
        assertThat(untitled.apply(HeadingPath.ROOT, "text alone")).as("no title, no headings: no prefix").isEqualTo("text alone");
    }

    @Test
    void chunkNoteParsesAndChunksWithOrWithoutTheTitle() {
        ChunkNote chunkNote = new ChunkNote(PARSER, new Chunker(new ChunkingRules(10, 0, 0),
                new TokenBudget(String::length, 40)));
        ChunkNote.Result plain = chunkNote.chunk("# Tides\nspring and neap\n");
        assertThat(plain.chunks()).extracting(c -> c.tokens().getAsInt()).containsExactly(23);
        ChunkNote.Result titled = chunkNote.chunkTitled("# Tides\nspring and neap\n", "file");
        assertThat(titled.chunks()).extracting(c -> c.tokens().getAsInt()).containsExactly(23 + "Tides\n\n".length());
        assertThat(chunkNote.chunkTitled("spring\n", "file").chunks().get(0).tokens()).hasValue(("file\n\nspring").length());
        assertThat(titled.document().title("x")).isEqualTo("Tides");
        assertThat(new Chunker(ChunkingRules.DEFAULT).rules()).isEqualTo(ChunkingRules.DEFAULT);
    }
}
