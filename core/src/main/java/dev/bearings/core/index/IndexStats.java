package dev.bearings.core.index;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
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

    /**
     * The bytes of these files and folders (recursively), counting what is there as it is walked: a
     * writer beside us creates and deletes temporary files all the time, and one that vanishes
     * mid-count is simply not counted, never an error.
     */
    public static long bytesOnDisk(Path... locations) throws IOException {
        long[] bytes = {0};
        for (Path location : locations) {
            if (!Files.exists(location)) {
                continue;
            }
            Files.walkFileTree(location, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                    bytes[0] += attributes.isRegularFile() ? attributes.size() : 0;
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException gone) {
                    return FileVisitResult.CONTINUE;
                }
            });
        }
        return bytes[0];
    }
}
