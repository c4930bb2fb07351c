package dev.bearings.core.markdown;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A note's text, its front matter and its top-level blocks. Front matter is cut out before the
 * parser runs (its lines are handed over blank, so line numbers stay true), because every parser
 * would otherwise read a YAML block as a thematic break and a setext heading; and no line is handed
 * over nesting deeper than {@link #MAX_NESTING}.
 */
public final class MarkdownDocument {
    /**
     * How many containers (block quotes, list items) one line may open before the parser reads the
     * rest of it as text ({@link NestingLimit}). Both parsers keep a block per level: a note of nothing
     * but {@code >} took gigabytes, and commonmark-java's time on one line of list markers grows with
     * the square of their number. 10,000 levels, which no note needs, is the depth at which the
     * benchmarks measured both parsers linear in a note's size (docs/benchmarks.md).
     */
    public static final int MAX_NESTING = 10_000;
    /** Lines of {@code #tags} and nothing else, as Bear and Obsidian notes often open with. */
    private static final Pattern TAG_LINE = Pattern.compile("\\s*(#[^\\s#][^\\s]*\\s*)+");
    private final SourceText source;
    private final Optional<FrontMatter> frontMatter;
    private final List<Block> blocks;

    private MarkdownDocument(SourceText source, Optional<FrontMatter> frontMatter, List<Block> blocks) {
        this.source = source;
        this.frontMatter = frontMatter;
        this.blocks = List.copyOf(blocks);
    }

    public static MarkdownDocument parse(String raw, MarkdownParser parser) {
        Objects.requireNonNull(parser, "parser");
        SourceText source = SourceText.of(raw);
        Optional<FrontMatter> frontMatter = FrontMatter.find(source);
        String body = frontMatter.map(fm -> blankLines(source, fm.endLine())).orElse(source.text());
        List<Block> blocks = new ArrayList<>();
        frontMatter.ifPresent(fm -> blocks.add(Block.of(BlockKind.FRONT_MATTER, 1, fm.endLine())));
        for (Block block : parser.parse(NestingLimit.apply(body))) {
            if (block.endLine() > source.lineCount()) {
                throw new IllegalStateException(parser.getClass().getName() + " returned " + block
                        + " past the last line " + source.lineCount());
            }
            blocks.add(block);
        }
        return new MarkdownDocument(source, frontMatter, blocks);
    }

    private static String blankLines(SourceText source, int lastLine) {
        int cut = lastLine < source.lineCount() ? source.lineStart(lastLine + 1) : source.length();
        return "\n".repeat(lastLine - (cut == source.length() && !source.text().endsWith("\n") ? 1 : 0))
                + source.text().substring(cut);
    }

    /**
     * The note's title: its front matter's {@code title}, else a leading level-1 heading (the first
     * block, lines of tags alone before it aside), else the fallback (a file's name). A level-1 heading
     * further down names a part of the note, not the note.
     */
    public String title(String fallback) {
        Optional<String> fromFrontMatter = frontMatter.flatMap(fm -> fm.first("title")).filter(t -> !t.isBlank());
        if (fromFrontMatter.isPresent()) {
            return fromFrontMatter.get().strip();
        }
        for (Block block : blocks) {
            if (block.kind() == BlockKind.FRONT_MATTER || block.kind() == BlockKind.PARAGRAPH && onlyTags(block)) {
                continue;
            }
            return block.isHeading() && block.headingLevel() == 1 && !block.headingText().isBlank()
                    ? block.headingText() : fallback;
        }
        return fallback;
    }

    private boolean onlyTags(Block paragraph) {
        return TAG_LINE.matcher(source.lines(paragraph.startLine(), paragraph.endLine())).matches();
    }

    public SourceText source() {
        return source;
    }

    public Optional<FrontMatter> frontMatter() {
        return frontMatter;
    }

    /** Top-level blocks in source order, the front matter first when there is one. */
    public List<Block> blocks() {
        return blocks;
    }
}
