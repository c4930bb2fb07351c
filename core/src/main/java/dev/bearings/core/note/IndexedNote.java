package dev.bearings.core.note;

import java.time.Instant;
import java.util.Objects;
import java.util.Set;

/**
 * A note as the index keeps it.
 *
 * @param version the source's fingerprint version it was indexed at
 */
public record IndexedNote(String source, String id, String version, String title, Set<String> tags,
                          Instant modified, String link) {

    public IndexedNote {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(modified, "modified");
        Objects.requireNonNull(link, "link");
        tags = Set.copyOf(tags);
    }
}
