package dev.bearings.core.usecase;

import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.index.IndexedNote;
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

    /** A tag (lower case, as tags match) and the notes that carry it or a child of it. */
    public record TagCount(String tag, int notes) {
    }

    /** Alphabetically. */
    public static List<TagCount> list(ChunkIndexReader index) {
        Map<String, Integer> counts = new TreeMap<>();
        for (IndexedNote note : index.notes()) {
            Set<String> withParents = new TreeSet<>();
            note.tags().forEach(t -> withParents.addAll(SearchFilter.withParents(t)));
            withParents.forEach(t -> counts.merge(t, 1, Integer::sum));
        }
        List<TagCount> tags = new ArrayList<>();
        counts.forEach((tag, n) -> tags.add(new TagCount(tag, n)));
        return tags;
    }
}
