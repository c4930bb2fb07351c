package dev.bearings.testkit;

import dev.bearings.core.chunk.Chunk;
import dev.bearings.core.chunk.Chunker;
import dev.bearings.core.chunk.ChunkingRules;
import dev.bearings.core.chunk.Heading;
import dev.bearings.core.chunk.TokenBudget;
import dev.bearings.core.chunk.Words;
import dev.bearings.core.markdown.MarkdownDocument;
import dev.bearings.core.markdown.MarkdownParser;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The chunking rules on literal notes, run with each parser: the cases popular chunkers get wrong.
 */
public abstract class ChunkerContract {

    protected abstract MarkdownParser parser();

    private List<Chunk> chunk(String markdown) {
        return chunk(markdown, ChunkingRules.DEFAULT);
    }

    private List<Chunk> chunk(String markdown, ChunkingRules rules) {
        return new Chunker(rules).chunk(MarkdownDocument.parse(markdown, parser()));
    }

    /** {@code n} distinct words, so that overlaps can be checked by content. */
    static String words(String stem, int n) {
        return IntStream.range(0, n).mapToObj(i -> stem + i).collect(Collectors.joining(" "));
    }

    @Test
    protected void everyChunkCarriesItsHeadingPath() {
        String md = "# Main\n\n" + words("a", 40) + "\n\n## Sub\n\n" + words("b", 40) + "\n\n### Deep\n\n"
                + words("c", 40) + "\n\n## Other\n\n" + words("d", 40) + "\n";
        List<Chunk> chunks = chunk(md);
        assertThat(chunks).extracting(c -> c.headingPath().toString())
                .containsExactly("# Main", "# Main > ## Sub", "# Main > ## Sub > ### Deep", "# Main > ## Other");
        assertThat(chunks.get(2).headingPath().headings())
                .containsExactly(new Heading(1, "Main"), new Heading(2, "Sub"), new Heading(3, "Deep"));
        assertThat(chunks).extracting(c -> c.lines().toString()).containsExactly("1-3", "5-7", "9-11", "13-15");
        assertThat(chunks).extracting(Chunk::words).containsExactly(41, 41, 41, 41);
    }

    @Test
    protected void commentsInCodeFencesDoNotStartSections() {
        String md = "# Setup\n\n" + words("w", 35) + "\n\n```bash\n# install\napt install wireguard\n"
                + "## enable\nsystemctl enable wg-quick@wg0\n```\n\n~~~\n# tilde comment\n~~~\n";
        List<Chunk> chunks = chunk(md);
        assertThat(chunks).hasSize(1);
        assertThat(chunks.get(0).headingPath().toString()).isEqualTo("# Setup");
        assertThat(chunks.get(0).text()).endsWith("~~~\n# tilde comment\n~~~");
    }

    @Test
    protected void setextHeadingsStartSections() {
        String md = "Main\n====\n\n" + words("a", 40) + "\n\nSub\n---\n\n" + words("b", 40) + "\n";
        assertThat(chunk(md)).extracting(c -> c.headingPath().toString()).containsExactly("# Main", "# Main > ## Sub");
    }

    @Test
    protected void smallSectionMergesIntoTheChunkBeforeIt() {
        String md = "# A\n\n" + words("a", 100) + "\n\n## B\n\n" + words("b", 10) + "\n";
        List<Chunk> chunks = chunk(md);
        assertThat(chunks).hasSize(1);
        assertThat(chunks.get(0).headingPath().toString()).isEqualTo("# A");
        assertThat(chunks.get(0).lines().toString()).isEqualTo("1-7");
        assertThat(chunks.get(0).words()).isEqualTo(1 + 100 + 1 + 10);
    }

    @Test
    protected void smallFirstSectionMergesForward() {
        String md = "# Title\n\n## Intro\n\n" + words("a", 100) + "\n";
        List<Chunk> chunks = chunk(md);
        assertThat(chunks).hasSize(1);
        assertThat(chunks.get(0).headingPath().toString()).isEqualTo("# Title > ## Intro");
        assertThat(chunks.get(0).lines().first()).isEqualTo(1);
    }

    @Test
    protected void mergingNeverPassesTheAllowance() {
        ChunkingRules rules = new ChunkingRules(50, 30, 10);
        String md = "# A\n\n" + words("a", 48) + "\n\n## B\n\n" + words("b", 28) + "\n\n## C\n\n" + words("c", 28) + "\n";
        List<Chunk> chunks = chunk(md, rules);
        assertThat(chunks).extracting(Chunk::words).containsExactly(49 + 29, 29);
        assertThat(chunks).allSatisfy(c -> assertThat(c.words()).isLessThanOrEqualTo(rules.mergedMaxWords()));
    }

    @Test
    protected void aLongSingleParagraphIsSplitWithExactOverlap() {
        String md = "# Essay\n\n" + words("w", 2000) + "\n";
        List<Chunk> chunks = chunk(md);
        assertThat(chunks.size()).isGreaterThanOrEqualTo(7);
        assertThat(chunks).allSatisfy(c -> assertThat(c.words()).isLessThanOrEqualTo(300));
        for (int i = 1; i < chunks.size(); i++) {
            List<String> previous = Arrays.asList(chunks.get(i - 1).text().split("\\s+"));
            List<String> current = Arrays.asList(chunks.get(i).text().split("\\s+"));
            assertThat(chunks.get(i).overlapWords()).isEqualTo(40);
            assertThat(current.subList(0, 40)).isEqualTo(previous.subList(previous.size() - 40, previous.size()));
            assertThat(chunks.get(i).headingPath().toString()).isEqualTo("# Essay");
        }
        String last = chunks.get(chunks.size() - 1).text();
        assertThat(last).endsWith("w1999");
    }

    @Test
    protected void proseIsCutBetweenSentencesWhenOneWillDo() {
        String sentence = "Start " + words("s", 18) + " end.";
        String md = "# Prose\n\n" + String.join(" ", java.util.Collections.nCopies(30, sentence)) + "\n";
        List<Chunk> chunks = chunk(md);
        assertThat(chunks.size()).isGreaterThan(1);
        assertThat(chunks.subList(0, chunks.size() - 1)).allSatisfy(c -> assertThat(c.text()).endsWith("end."));
    }

    @Test
    protected void sectionsAreCutBetweenBlocksWhenOneWillDo() {
        String md = "# Blocks\n\n" + words("a", 200) + "\n\n" + words("b", 200) + "\n";
        List<Chunk> chunks = chunk(md);
        assertThat(chunks).hasSize(2);
        assertThat(chunks.get(0).lines().toString()).isEqualTo("1-3");
        assertThat(chunks.get(1).text()).endsWith("b199");
        assertThat(chunks.get(1).overlapWords()).isEqualTo(40);
    }

    @Test
    protected void oversizedCodeIsCutBetweenLines() {
        StringBuilder code = new StringBuilder("# Script\n\n```python\n");
        for (int i = 0; i < 100; i++) {
            code.append("# step ").append(i).append(' ').append(words("x", 8)).append('\n');
        }
        code.append("```\n");
        List<Chunk> chunks = chunk(code.toString(), new ChunkingRules(300, 30, 0));
        assertThat(chunks.size()).isGreaterThan(1);
        assertThat(chunks).allSatisfy(c -> assertThat(c.headingPath().toString()).isEqualTo("# Script"));
        for (Chunk c : chunks.subList(1, chunks.size())) {
            assertThat(c.text()).startsWith("# step ");
        }
    }

    @Test
    protected void overlapNeverCrossesAHeading() {
        String md = "# One\n\n" + words("a", 250) + "\n\n# Two\n\n" + words("b", 250) + "\n";
        List<Chunk> chunks = chunk(md);
        assertThat(chunks).hasSize(2);
        assertThat(chunks).allSatisfy(c -> assertThat(c.overlapWords()).isZero());
        assertThat(chunks.get(1).text()).startsWith("# Two");
    }

    @Test
    protected void cjkTextIsCountedPerCharacterAndSplit() {
        String han = "東京都の天気は晴れです".repeat(100);
        assertThat(Words.count(han)).isEqualTo(han.length());
        List<Chunk> chunks = chunk("# 天気\n\n" + han + "\n");
        assertThat(chunks.size()).isGreaterThan(1);
        assertThat(chunks).allSatisfy(c -> assertThat(c.words()).isLessThanOrEqualTo(300));
    }

    @Test
    protected void frontMatterIsNeverPartOfAChunk() {
        String md = "---\ntitle: Secret\n---\n# Visible\n\n" + words("a", 40) + "\n";
        List<Chunk> chunks = chunk(md);
        assertThat(chunks).hasSize(1);
        assertThat(chunks.get(0).text()).startsWith("# Visible").doesNotContain("title:");
        assertThat(chunks.get(0).lines().first()).isEqualTo(4);
    }

    @Test
    protected void emptyNotesHaveNoChunks() {
        assertThat(chunk("")).isEmpty();
        assertThat(chunk("\n  \n")).isEmpty();
        assertThat(chunk("---\ntitle: only metadata\n---\n")).isEmpty();
    }

    @Test
    protected void tokenBudgetWinsWhenItComesFirst() {
        TokenBudget budget = new TokenBudget(text -> Words.count(text) * 2, 100);
        List<Chunk> chunks = new Chunker(ChunkingRules.DEFAULT, budget)
                .chunk(MarkdownDocument.parse("# T\n\n" + words("w", 500) + "\n", parser()));
        assertThat(chunks).allSatisfy(c -> assertThat(c.tokens().orElseThrow()).isLessThanOrEqualTo(100));
        assertThat(chunks).allSatisfy(c -> assertThat(c.words()).isLessThanOrEqualTo(50));
    }

    @Test
    protected void aSingleWordLargerThanTheBudgetIsCutBetweenCharacters() {
        TokenBudget budget = new TokenBudget(text -> text.length(), 50);
        String blob = "x".repeat(500);
        List<Chunk> chunks = new Chunker(ChunkingRules.DEFAULT, budget)
                .chunk(MarkdownDocument.parse(blob + "\n", parser()));
        assertThat(chunks).hasSize(10);
        assertThat(chunks.stream().map(Chunk::text).collect(Collectors.joining())).isEqualTo(blob);
    }
}
