package dev.bearings.core.chunk;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The headings above a passage, outermost first, such as {@code # Main > ## Sub-section}. A heading
 * closes every open heading of the same or a deeper level, so levels along a path always increase.
 */
public record HeadingPath(List<Heading> headings) {
    public static final HeadingPath ROOT = new HeadingPath(List.of());
    public static final String SEPARATOR = " > ";

    public HeadingPath {
        headings = List.copyOf(headings);
        for (int i = 1; i < headings.size(); i++) {
            if (headings.get(i).level() <= headings.get(i - 1).level()) {
                throw new IllegalArgumentException("heading levels must increase along a path: " + headings);
            }
        }
    }

    /** The path under which a new heading sits, itself included. */
    public HeadingPath enter(Heading heading) {
        List<Heading> next = new ArrayList<>();
        for (Heading open : headings) {
            if (open.level() < heading.level()) {
                next.add(open);
            }
        }
        next.add(heading);
        return new HeadingPath(next);
    }

    public boolean isRoot() {
        return headings.isEmpty();
    }

    /**
     * The path that {@link #toString} wrote as this text; empty when no path writes it so (a heading whose
     * text holds {@code " > "} cannot be told apart from two headings).
     */
    public static Optional<HeadingPath> parse(String text) {
        List<Heading> headings = new ArrayList<>();
        if (!text.isEmpty()) {
            for (String part : text.split(java.util.regex.Pattern.quote(SEPARATOR), -1)) {
                int level = 0;
                while (level < part.length() && part.charAt(level) == '#') {
                    level++;
                }
                boolean bare = level == part.length();
                if (level < 1 || level > 6 || !bare && part.charAt(level) != ' '
                        || !headings.isEmpty() && headings.get(headings.size() - 1).level() >= level) {
                    return Optional.empty();
                }
                headings.add(new Heading(level, bare ? "" : part.substring(level + 1)));
            }
        }
        HeadingPath path = new HeadingPath(headings);
        return path.toString().equals(text) ? Optional.of(path) : Optional.empty();
    }

    /** The path as {@code # Main > ## Sub-section}; empty for text above the first heading. */
    @Override
    public String toString() {
        return headings.stream().map(Heading::toString).collect(Collectors.joining(SEPARATOR));
    }
}
