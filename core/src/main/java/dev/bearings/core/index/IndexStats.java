package dev.bearings.core.index;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * What {@code bearings status} shows of an index.
 *
 * @param notesBySource notes per source name
 * @param bytesOnDisk   size of the index's files
 * @param lastSync      when a sync last completed
 */
public record IndexStats(Map<String, Integer> notesBySource, int chunks, long bytesOnDisk, Optional<Instant> lastSync) {

    public IndexStats {
        notesBySource = Map.copyOf(notesBySource);
    }
}
