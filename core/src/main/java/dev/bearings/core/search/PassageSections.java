package dev.bearings.core.search;

import dev.bearings.core.chunk.Heading;
import dev.bearings.core.chunk.HeadingPath;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The sections a passage holds. A chunk is labelled with the heading path it starts under, but small
 * sections are merged into the chunk before them, so one chunk can hold "## Oil change" and then
 * "## Parking": a search for the garage gate code must show the passage under "## Parking", where the
 * matching lines are. {@link #label} is the path of the section holding the most of the query's words
 * (the chunk's own path when none holds any: a match by meaning alone); {@link #paths} every
 * section's path, in order.
 *
 * @param paths    each section's heading path, the chunk's own first
 * @param sections each section's text, in the same order
 */
public record PassageSections(List<String> paths, List<String> sections) {
    private static final Pattern HEADING = Pattern.compile("^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t#]*$");

    /** Cuts a chunk's Markdown at the headings in it, fenced code excepted, under the chunk's own path. */
    public static PassageSections of(String headingPath, String text) {
        HeadingPath path = parse(headingPath);
        List<String> paths = new ArrayList<>();
        List<String> sections = new ArrayList<>();
        StringBuilder section = new StringBuilder();
        boolean fenced = false;
        for (String line : text.split("\n", -1)) {
            String trimmed = line.stripLeading();
            if (trimmed.startsWith("```") || trimmed.startsWith("~~~")) {
                fenced = !fenced;
            }
            // A heading's line starts with its #s, at most three spaces in: most lines are passed over unread.
            Matcher heading = fenced || !trimmed.startsWith("#") ? null : HEADING.matcher(line);
            if (heading != null && heading.matches()) {
                HeadingPath next = path.enter(new Heading(heading.group(1).length(),
                        heading.group(2) == null ? "" : heading.group(2).strip()));
                boolean nothingYet = sections.isEmpty() && section.toString().isBlank();
                // The chunk's own heading, its first line, opens the section the chunk is labelled with.
                if (!(nothingYet && next.equals(path))) {
                    if (!nothingYet) {
                        paths.add(path.toString());
                        sections.add(section.toString());
                    }
                    section.setLength(0);
                    path = next;
                }
            }
            section.append(line).append('\n');
        }
        paths.add(path.toString());
        sections.add(section.toString());
        return new PassageSections(List.copyOf(paths), List.copyOf(sections));
    }

    /** The path of the section that holds the most of {@code terms} (as snippets mark them); the first on a tie or none. */
    public String label(Set<String> terms) {
        int best = 0;
        int bestCount = 0;
        for (int i = 0; i < sections.size(); i++) {
            Set<String> words = Snippets.words(sections.get(i));
            int count = 0;
            for (String term : terms) {
                if (Snippets.contains(words, term)) {
                    count++;
                }
            }
            if (count > bestCount) {
                best = i;
                bestCount = count;
            }
        }
        return paths.get(best);
    }

    /** Every section's path, once each. */
    public List<String> distinctPaths() {
        return List.copyOf(new LinkedHashSet<>(paths));
    }

    /** {@code # Main > ## Sub} back into its headings. */
    static HeadingPath parse(String headingPath) {
        List<Heading> headings = new ArrayList<>();
        if (!headingPath.isBlank()) {
            for (String part : headingPath.split(Pattern.quote(HeadingPath.SEPARATOR))) {
                Matcher heading = HEADING.matcher(part);
                if (heading.matches()) {
                    Heading parsed = new Heading(heading.group(1).length(), heading.group(2) == null ? "" : heading.group(2).strip());
                    if (headings.isEmpty() || headings.get(headings.size() - 1).level() < parsed.level()) {
                        headings.add(parsed);
                    }
                }
            }
        }
        return new HeadingPath(headings);
    }
}
