package com.example.bearings;

import dev.bearings.core.markdown.Block;
import dev.bearings.core.markdown.BlockKind;
import dev.bearings.core.markdown.MarkdownParser;

import java.util.ArrayList;
import java.util.List;

/**
 * A deliberately small parser for outline-style notes: {@code #} lines outside backtick fences are
 * headings, and runs of other non-blank lines are paragraphs (fences are code).
 */
public final class OutlineParser implements MarkdownParser {

    @Override
    public List<Block> parse(String markdown) {
        List<Block> blocks = new ArrayList<>();
        String[] lines = markdown.split("\n", -1);
        int runStart = 0;
        boolean inFence = false;
        for (int i = 1; i <= lines.length; i++) {
            String line = lines[i - 1];
            boolean fence = line.startsWith("```");
            if (inFence) {
                if (fence) {
                    blocks.add(Block.of(BlockKind.CODE, runStart, i));
                    inFence = false;
                    runStart = 0;
                }
                continue;
            }
            int level = line.indexOf(' ');
            boolean heading = level >= 1 && level <= 6 && line.substring(0, level).chars().allMatch(c -> c == '#');
            if (fence || heading || line.isBlank()) {
                if (runStart > 0) {
                    blocks.add(Block.of(BlockKind.PARAGRAPH, runStart, i - 1));
                    runStart = 0;
                }
            }
            if (fence) {
                inFence = true;
                runStart = i;
            } else if (heading) {
                blocks.add(Block.heading(level, line.substring(level + 1), i, i));
            } else if (!line.isBlank() && runStart == 0) {
                runStart = i;
            }
        }
        if (runStart > 0) {
            int last = lines.length;
            while (last > runStart && lines[last - 1].isBlank()) {
                last--;
            }
            blocks.add(Block.of(inFence ? BlockKind.CODE : BlockKind.PARAGRAPH, runStart, last));
        }
        return blocks;
    }
}
