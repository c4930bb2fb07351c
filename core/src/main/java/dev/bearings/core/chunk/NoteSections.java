package dev.bearings.core.chunk;

import dev.bearings.core.markdown.Block;
import dev.bearings.core.markdown.MarkdownDocument;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds the section of a note under a heading, as someone asks for it: by the heading's text
 * ({@code Router setup}), with its level ({@code ## Router setup}), or by the heading path that search
 * results carry ({@code # VPN > ## Router setup}). A section runs from its heading to the next heading
 * of the same or a higher level, so it includes its sub-sections.
 */
public final class NoteSections {

    private NoteSections() {
    }

    /** The lines of the first section that matches, sub-sections included, or empty when no heading matches. */
    public static Optional<LineRange> find(MarkdownDocument document, String wanted) {
        return find(document, wanted, false);
    }

    /**
     * The lines directly under the first heading that matches, up to the next heading of any level; for
     * {@code ""}, the note's opening text before its first heading (the whole note when it has none).
     * Empty when no heading matches or there is no such text.
     */
    public static Optional<LineRange> directText(MarkdownDocument document, String wanted) {
        if (wanted.isBlank()) {
            int last = document.source().lineCount();
            for (Block block : document.blocks()) {
                if (block.isHeading()) {
                    last = block.startLine() - 1;
                    break;
                }
            }
            return last >= 1 ? Optional.of(new LineRange(1, last)) : Optional.empty();
        }
        return find(document, wanted, true);
    }

    private static Optional<LineRange> find(MarkdownDocument document, String wanted, boolean direct) {
        List<Wanted> asked = parse(wanted);
        if (asked.isEmpty()) {
            return Optional.empty();
        }
        List<Block> blocks = document.blocks();
        HeadingPath path = HeadingPath.ROOT;
        for (int i = 0; i < blocks.size(); i++) {
            Block block = blocks.get(i);
            if (!block.isHeading()) {
                continue;
            }
            Heading heading = new Heading(block.headingLevel(), block.headingText());
            path = path.enter(heading);
            if (matches(path.headings(), asked)) {
                int last = document.source().lineCount();
                for (int j = i + 1; j < blocks.size(); j++) {
                    if (blocks.get(j).isHeading() && (direct || blocks.get(j).headingLevel() <= heading.level())) {
                        last = blocks.get(j).startLine() - 1;
                        break;
                    }
                }
                return Optional.of(new LineRange(block.startLine(), Math.max(block.startLine(), last)));
            }
        }
        return Optional.empty();
    }

    /** The text of those lines, as the note has them. */
    public static String text(MarkdownDocument document, LineRange lines) {
        return document.source().lines(lines.first(), lines.last());
    }

    private static List<Wanted> parse(String wanted) {
        List<Wanted> headings = new ArrayList<>();
        for (String part : wanted.split(java.util.regex.Pattern.quote(HeadingPath.SEPARATOR))) {
            String text = part.strip();
            int level = 0;
            while (level < text.length() && text.charAt(level) == '#') {
                level++;
            }
            if (level > 0 && level <= 6 && (level == text.length() || Character.isWhitespace(text.charAt(level)))) {
                text = text.substring(level).strip();
            } else {
                level = 0;
            }
            if (!text.isEmpty()) {
                headings.add(new Wanted(level, text));
            }
        }
        return headings;
    }

    /** The last asked heading is this one; the others are among its ancestors, in order. */
    private static boolean matches(List<Heading> path, List<Wanted> asked) {
        if (!same(path.get(path.size() - 1), asked.get(asked.size() - 1))) {
            return false;
        }
        int at = 0;
        for (int i = 0; i < asked.size() - 1; i++) {
            while (at < path.size() - 1 && !same(path.get(at), asked.get(i))) {
                at++;
            }
            if (at == path.size() - 1) {
                return false;
            }
            at++;
        }
        return true;
    }

    /** A heading as asked for; level 0 matches any level. */
    private record Wanted(int level, String text) {
    }

    private static boolean same(Heading actual, Wanted asked) {
        return (asked.level() == 0 || actual.level() == asked.level())
                && actual.text().strip().equalsIgnoreCase(asked.text());
    }
}
