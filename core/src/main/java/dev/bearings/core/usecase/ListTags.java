package dev.bearings.core.usecase;

import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.note.IndexedNote;
import dev.bearings.core.search.SearchFilter;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/** Use case: every tag of the indexed notes with how many notes carry it; a parent counts its children's notes. */
public final class ListTags {

    private ListTags() {
    }

    /** A tag (as the notes write it; tags match whatever their case) and the notes that carry it or a child of it. */
    public record TagCount(String tag, int notes) {
    }

    /**
     * The tags of {@code asked} that no note carries, itself or as a parent of one, alphabetically: a tag that cannot match
     * anything is said, rather than answered with nothing as a tag with no match this time would be.
     */
    public static List<String> unknown(ChunkIndexReader index, java.util.Collection<String> asked) {
        if (asked.isEmpty()) {
            return List.of();
        }
        Set<String> known = new java.util.HashSet<>();
        for (IndexedNote note : index.notes()) {
            note.tags().forEach(t -> known.addAll(SearchFilter.withParents(t)));
        }
        List<String> unknown = new ArrayList<>();
        for (String tag : new SearchFilter(Set.copyOf(asked), java.util.Optional.empty(), java.util.Optional.empty(),
                java.util.Optional.empty()).tags()) {
            if (!known.contains(tag.toLowerCase(java.util.Locale.ROOT))) {
                unknown.add(tag);
            }
        }
        // The asked tags come as a set, whose order changes from run to run: said alphabetically, they read the same every time.
        unknown.sort(null);
        return unknown;
    }

    /** Alphabetically, each tag as the notes write it (the first spelling met, as tags match whatever their case). */
    public static List<TagCount> list(ChunkIndexReader index) {
        Map<String, Integer> counts = new TreeMap<>();
        Map<String, String> spelled = new java.util.HashMap<>();
        for (IndexedNote note : index.notes()) {
            Set<String> withParents = new TreeSet<>();
            for (String tag : note.tags()) {
                int slash = -1;
                while ((slash = tag.indexOf('/', slash + 1)) > 0) {
                    spelled.putIfAbsent(tag.substring(0, slash).toLowerCase(java.util.Locale.ROOT), tag.substring(0, slash));
                }
                spelled.putIfAbsent(tag.toLowerCase(java.util.Locale.ROOT), tag);
                withParents.addAll(SearchFilter.withParents(tag));
            }
            withParents.forEach(t -> counts.merge(t, 1, Integer::sum));
        }
        List<TagCount> tags = new ArrayList<>();
        counts.forEach((tag, n) -> tags.add(new TagCount(spelled.getOrDefault(tag, tag), n)));
        return tags;
    }
}
