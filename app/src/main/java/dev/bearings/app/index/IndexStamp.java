package dev.bearings.app.index;

import dev.bearings.app.folder.IndexLock;
import dev.bearings.core.index.ChunkIndexStore;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Set;
import java.util.TreeMap;

/**
 * What the files of an index folder are now, as a text that every write to the index changes and
 * reading does not: how a long-running server knows, whatever the store, that its reader must be
 * opened again (our own sync, or a {@code bearings index} beside us, wrote).
 */
public final class IndexStamp {

    private IndexStamp() {
    }

    /** @param store the index's store, which says what files its readers leave */
    public static String of(Path folder, ChunkIndexStore store) throws IOException {
        if (!Files.isDirectory(folder)) {
            return "";
        }
        TreeMap<String, String> files = new TreeMap<>();
        Files.walkFileTree(folder, Set.of(), 2, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                String name = file.getFileName().toString();
                // Readers touch the lock file too; only writes count.
                if (attributes.isRegularFile() && !name.equals(IndexLock.FILE) && !store.leftByReaders(file)) {
                    files.put(folder.relativize(file).toString(), attributes.size() + ":" + attributes.lastModifiedTime().toMillis());
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException gone) {
                // A writer's temporary file, deleted while we looked: the next look sees the result.
                return FileVisitResult.CONTINUE;
            }
        });
        return files.toString();
    }
}
