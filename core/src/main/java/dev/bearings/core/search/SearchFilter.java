package dev.bearings.core.search;

import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Which notes a search may return. A tag matches itself and its children: {@code work} matches a
 * note tagged {@code work/projects}. All given conditions must hold; several tags mean any of them.
 */
public record SearchFilter(Set<String> tags, Optional<Instant> since, Optional<Instant> before, Optional<String> source) {
    public static final SearchFilter NONE = new SearchFilter(Set.of(), Optional.empty(), Optional.empty(), Optional.empty());

    public SearchFilter {
        Set<String> clean = new LinkedHashSet<>();
        for (String tag : tags) {
            String t = tag.strip();
            t = t.startsWith("#") ? t.substring(1) : t;
            // Bear's own spelling of a tag of several words closes it with a #: #events/birthday party#.
            t = t.endsWith("#") ? t.substring(0, t.length() - 1).strip() : t;
            t = t.replaceAll("/+$", "");
            if (!t.isEmpty()) {
                clean.add(t);
            }
        }
        tags = Set.copyOf(clean);
    }

    public boolean isEmpty() {
        return tags.isEmpty() && since.isEmpty() && before.isEmpty() && source.isEmpty();
    }

    public boolean matches(String noteSource, Set<String> noteTags, Instant modified) {
        if (source.isPresent() && !source.get().equals(noteSource)) {
            return false;
        }
        if (since.isPresent() && modified.isBefore(since.get())) {
            return false;
        }
        if (before.isPresent() && !modified.isBefore(before.get())) {
            return false;
        }
        if (tags.isEmpty()) {
            return true;
        }
        for (String noteTag : noteTags) {
            for (String tag : tags) {
                if (noteTag.equalsIgnoreCase(tag) || noteTag.toLowerCase(Locale.ROOT).startsWith(tag.toLowerCase(Locale.ROOT) + "/")) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A tag and every parent of it ({@code a/b/c}: {@code a}, {@code a/b}, {@code a/b/c}), lower case, for stores that index them. */
    public static Set<String> withParents(String tag) {
        Set<String> all = new LinkedHashSet<>();
        String lower = tag.toLowerCase(Locale.ROOT);
        int slash = -1;
        while ((slash = lower.indexOf('/', slash + 1)) > 0) {
            all.add(lower.substring(0, slash));
        }
        all.add(lower);
        return all;
    }
}
