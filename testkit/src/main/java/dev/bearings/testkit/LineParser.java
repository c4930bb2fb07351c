package dev.bearings.testkit;

import dev.bearings.core.markdown.Block;
import dev.bearings.core.markdown.BlockKind;
import dev.bearings.core.markdown.MarkdownParser;

import java.util.ArrayList;
import java.util.List;

/**
 * The smallest {@link MarkdownParser} tests of the use cases need: every non-blank line is a block of
 * its own, a paragraph, or a heading when it starts with one to six {@code #} and a space. It knows no
 * other Markdown; use a real parser adapter to test chunking.
 */
public final class LineParser implements MarkdownParser {

    @Override
    public List<Block> parse(String markdown) {
        List<Block> blocks = new ArrayList<>();
        String[] lines = markdown.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            int level = 0;
            while (level < line.length() && line.charAt(level) == '#') {
                level++;
            }
            if (level >= 1 && level <= 6 && line.length() > level && line.charAt(level) == ' ') {
                blocks.add(Block.heading(level, line.substring(level + 1), i + 1, i + 1));
            } else if (!line.isBlank()) {
                blocks.add(Block.of(BlockKind.PARAGRAPH, i + 1, i + 1));
            }
        }
        return blocks;
    }
}
