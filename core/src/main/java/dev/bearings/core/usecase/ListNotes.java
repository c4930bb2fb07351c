package dev.bearings.core.usecase;

import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.note.IndexedNote;
import dev.bearings.core.search.SearchFilter;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/** Use case: the indexed notes, most recently modified first, by tag (children included), title words and date. */
public final class ListNotes {

    private ListNotes() {
    }

    /**
     * @param titleContains text the title must contain, in any case
     * @param limit         most notes returned
     */
    public record Query(Optional<String> tag, Optional<String> titleContains, Optional<Instant> modifiedSince, int limit) {
        public static final Query ALL = new Query(Optional.empty(), Optional.empty(), Optional.empty(), Integer.MAX_VALUE);

        public Query {
            if (limit < 1) {
                throw new IllegalArgumentException("limit must be at least 1, was " + limit);
            }
        }
    }

    public static List<IndexedNote> list(ChunkIndexReader index, Query query) {
        SearchFilter filter = new SearchFilter(query.tag().map(Set::of).orElse(Set.of()), query.modifiedSince(),
                Optional.empty(), Optional.empty());
        String title = query.titleContains().map(t -> t.toLowerCase(Locale.ROOT)).orElse("");
        return index.notes().stream()
                .filter(n -> filter.matches(n.source(), n.tags(), n.modified()))
                .filter(n -> n.title().toLowerCase(Locale.ROOT).contains(title))
                .sorted(Comparator.comparing(IndexedNote::modified).reversed().thenComparing(IndexedNote::source)
                        .thenComparing(IndexedNote::id))
                .limit(query.limit())
                .toList();
    }
}
