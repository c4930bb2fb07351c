package dev.bearings.testkit;

import dev.bearings.core.chunk.Chunk;
import dev.bearings.core.chunk.ChunkPrefix;
import dev.bearings.core.chunk.Chunker;
import dev.bearings.core.chunk.ChunkingRules;
import dev.bearings.core.chunk.TokenBudget;
import dev.bearings.core.chunk.Words;
import dev.bearings.core.markdown.Block;
import dev.bearings.core.markdown.MarkdownDocument;
import dev.bearings.core.markdown.MarkdownParser;
import dev.bearings.core.markdown.SourceText;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Properties of the chunker over generated Markdown, run with each parser: nothing is lost, chunks
 * come in source order, sizes and overlaps follow the rules exactly, text is verbatim, the result is
 * deterministic, and a token budget is never exceeded.
 */
public abstract class ChunkerProperties {

    protected abstract MarkdownParser parser();

    @Provide
    protected Arbitrary<ChunkingRules> rules() {
        return Arbitraries.integers().between(5, 400).flatMap(max -> Combinators.combine(
                Arbitraries.integers().between(0, max), Arbitraries.integers().between(0, max - 1))
                .as((min, overlap) -> new ChunkingRules(max, min, overlap)));
    }

    @Provide
    protected Arbitrary<String> notes() {
        return GeneratedMarkdown.notes();
    }

    @Property(tries = 150)
    protected void chunksFollowTheRules(@ForAll("notes") String markdown, @ForAll("rules") ChunkingRules rules) {
        MarkdownDocument document = MarkdownDocument.parse(markdown, parser());
        List<Chunk> chunks = new Chunker(rules).chunk(document);
        checkChunks(document, rules, chunks);
        assertThat(new Chunker(rules).chunk(MarkdownDocument.parse(markdown, parser())))
                .as("deterministic").isEqualTo(chunks);
    }

    @Property(tries = 60)
    protected void tokenBudgetIsNeverExceeded(@ForAll("notes") String markdown, @ForAll("rules") ChunkingRules rules) {
        // A stand-in tokenizer of roughly word-piece density: one token per 4 characters, plus 2.
        TokenBudget budget = new TokenBudget(text -> 2 + (text.length() + 3) / 4, 64);
        ChunkPrefix prefix = path -> "Generated > " + path + "\n";
        MarkdownDocument document = MarkdownDocument.parse(markdown, parser());
        List<Chunk> chunks = new Chunker(rules, budget).chunk(document, prefix);
        checkChunks(document, rules, chunks, 64);
        for (Chunk chunk : chunks) {
            assertThat(budget.counter().count(chunk.embedded()))
                    .as("tokens of chunk %d", chunk.ordinal()).isLessThanOrEqualTo(64)
                    .isEqualTo(chunk.tokens().orElseThrow());
            String given = prefix.prefix(chunk.headingPath());
            if (budget.counter().count(given) <= budget.maxTokens() / 2) {
                assertThat(chunk.embedded()).as("a prefix within half the budget is embedded whole")
                        .isEqualTo(given + chunk.text());
            } else {
                String fitted = chunk.embedded().substring(0, chunk.embedded().length() - chunk.text().length());
                assertThat(chunk.embedded()).as("a longer prefix is cut, the text kept").endsWith(chunk.text());
                assertThat(given).as("the cut prefix is a start of the prefix").startsWith(fitted.stripTrailing());
                assertThat(budget.counter().count(fitted)).as("the cut prefix's tokens").isLessThanOrEqualTo(budget.maxTokens() / 2);
            }
        }
    }

    static void checkChunks(MarkdownDocument document, ChunkingRules rules, List<Chunk> chunks) {
        checkChunks(document, rules, chunks, 0);
    }

    /** @param budgetTokens the token budget the chunks were cut under, or 0 for none */
    static void checkChunks(MarkdownDocument document, ChunkingRules rules, List<Chunk> chunks, int budgetTokens) {
        SourceText source = document.source();
        String text = source.text();
        int bodyStart = document.frontMatter().map(fm -> fm.endLine() < source.lineCount()
                ? source.lineStart(fm.endLine() + 1) : source.length()).orElse(0);
        int[] wordStarts = Words.starts(text, 0, text.length());
        List<Block> headings = document.blocks().stream().filter(Block::isHeading).toList();

        for (int i = 0; i < chunks.size(); i++) {
            Chunk chunk = chunks.get(i);
            assertThat(chunk.ordinal()).isEqualTo(i);
            assertThat(chunk.text()).as("verbatim").isEqualTo(text.substring(chunk.startOffset(), chunk.endOffset()));
            assertThat(chunk.lines().first()).isEqualTo(source.lineOf(chunk.startOffset()));
            assertThat(chunk.lines().last()).isEqualTo(source.lineOf(chunk.endOffset() - 1));
            assertThat(chunk.words()).isEqualTo(Words.count(chunk.text()));
            assertThat(chunk.startOffset()).as("outside front matter").isGreaterThanOrEqualTo(bodyStart);
            boolean spansSections = headings.stream().anyMatch(h -> h.startLine() > chunk.lines().first()
                    && h.startLine() <= chunk.lines().last());
            assertThat(chunk.words()).as("size of chunk %d (%s)", i, chunk.headingPath())
                    .isLessThanOrEqualTo(spansSections ? rules.mergedMaxWords() : rules.maxWords());
            if (i > 0) {
                Chunk previous = chunks.get(i - 1);
                assertThat(chunk.startOffset()).as("source order").isGreaterThanOrEqualTo(previous.startOffset());
                assertThat(chunk.endOffset()).as("source order").isGreaterThan(previous.endOffset());
                checkOverlap(text, wordStarts, headings, source, rules, previous, chunk, bodyStart, budgetTokens);
            } else {
                assertThat(chunk.overlapWords()).isZero();
            }
        }
        // Nothing lost: every word of the body lies inside some chunk.
        int c = 0;
        for (int start : wordStarts) {
            if (start < bodyStart) {
                continue;
            }
            while (c < chunks.size() && chunks.get(c).endOffset() <= start) {
                c++;
            }
            int at = start;
            assertThat(c < chunks.size() && chunks.get(c).startOffset() <= at)
                    .as("word at offset %d (line %d) is in a chunk", at, source.lineOf(at)).isTrue();
        }
        for (int line = 1; line <= source.lineCount(); line++) {
            int n = line;
            if (!source.line(n).isBlank() && source.lineStart(n) >= bodyStart) {
                assertThat(chunks).as("line %d lies in some chunk", n).anyMatch(ch -> ch.lines().contains(n));
            }
        }
    }

    private static void checkOverlap(String text, int[] wordStarts, List<Block> headings, SourceText source,
                                     ChunkingRules rules, Chunk previous, Chunk chunk, int bodyStart,
                                     int budgetTokens) {
        int k = chunk.overlapWords();
        if (k == 0) {
            return;
        }
        assertThat(chunk.headingPath()).as("overlap never crosses a heading").isEqualTo(previous.headingPath());
        int first = index(wordStarts, chunk.startOffset());
        assertThat(wordStarts[first]).as("a chunk with overlap starts at a word").isEqualTo(chunk.startOffset());
        // A last chunk can hold no word after its overlap, only what closes the note (a code fence's end).
        int pieceStart = first + k < wordStarts.length ? Math.min(wordStarts[first + k], chunk.endOffset()) : chunk.endOffset();
        int lastOverlapWordEnd = wordEnd(text, wordStarts[first + k - 1]);
        assertThat(previous.startOffset()).as("overlap lies in the previous chunk").isLessThanOrEqualTo(chunk.startOffset());
        assertThat(previous.endOffset()).as("overlap is the end of the previous chunk")
                .isGreaterThanOrEqualTo(lastOverlapWordEnd).isLessThanOrEqualTo(pieceStart);
        int sectionStart = headings.stream().filter(h -> source.lineStart(h.startLine()) <= chunk.startOffset())
                .mapToInt(h -> source.lineStart(h.startLine())).max().orElse(bodyStart);
        int wordsBefore = index(wordStarts, pieceStart) - index(wordStarts, Math.max(sectionStart, previous.startOffset()));
        if (budgetTokens == 0) {
            assertThat(k).as("overlap size").isEqualTo(Math.min(rules.overlapWords(), wordsBefore));
        } else {
            assertThat(k).as("overlap size under a budget").isLessThanOrEqualTo(Math.min(rules.overlapWords(), wordsBefore));
        }
    }

    private static int wordEnd(String text, int start) {
        int cp = text.codePointAt(start);
        int end = start + Character.charCount(cp);
        if (Character.UnicodeScript.of(cp) == Character.UnicodeScript.HAN) {
            return end;
        }
        while (end < text.length() && !Character.isWhitespace(text.charAt(end))) {
            end++;
        }
        return end;
    }

    private static int index(int[] wordStarts, int offset) {
        int i = Arrays.binarySearch(wordStarts, offset);
        return i >= 0 ? i : -i - 1;
    }
}
