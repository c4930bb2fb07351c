package dev.bearings.app.folder;

import dev.bearings.app.words.ShellWords;
import dev.bearings.core.index.ChunkIndexStore;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * An index folder, private before anything is written in it. A folder Bearings makes is its owner's alone
 * from the start, so everything a store writes in it (SQLite's journal, Lucene's segments) is too, whatever
 * its own permissions. A folder that holds only an index (the store's files and Bearings' own) is Bearings':
 * one an older version left readable by others is narrowed, files and all, and said. A folder of the user's
 * other files is not Bearings' to change: when others may read it, an index there is refused with the
 * reason and the fix, since its notes would be theirs to read.
 */
public final class IndexFolder {
    /** The index's sources, by name, provider and settings ({@code SourcesConfig}). */
    public static final String SOURCES = "sources.json";
    /** What Bearings itself keeps in an index folder, beside the store's files. */
    private static final Set<String> OWN = Set.of(SOURCES, IndexLock.FILE, DataFolder.TOKEN_FILE, DataFolder.SERVERS, DataFolder.LOGS);

    private IndexFolder() {
    }

    /**
     * Makes {@code folder} ready for an index of {@code store} to be written: made owner-only when missing,
     * narrowed when it is Bearings' own.
     *
     * @return the files and folders narrowed (an index an older version left readable), for saying so
     * @throws IOException naming the folder and the fix, when it holds other files and others may read it
     */
    public static List<Path> prepare(Path folder, ChunkIndexStore store) throws IOException {
        Path absolute = folder.toAbsolutePath().normalize();
        if (!Files.isDirectory(absolute)) {
            OwnerOnly.create(absolute);
            return List.of();
        }
        List<Path> foreign = foreign(absolute, store);
        if (foreign.isEmpty()) {
            return secure(absolute, store);
        }
        if (OwnerOnly.sharedWithOthers(absolute)) {
            throw new IOException("the folder " + absolute + " holds other files (such as " + foreign.get(0).getFileName()
                    + ") and other users may open it, so the index's notes would be theirs to read too; give --index a new "
                    + "or empty folder (Bearings makes it private), or make this one private first (chmod 700 "
                    + ShellWords.quote(absolute.toString()) + ")");
        }
        return secure(absolute, store);
    }

    /**
     * Narrows the folder, when it holds only an index, and the index's own files and folders in it (an index
     * made by an older version of Bearings, before its files were private from the start).
     *
     * @return what was narrowed
     */
    public static List<Path> secure(Path folder, ChunkIndexStore store) throws IOException {
        List<Path> narrowed = new ArrayList<>();
        if (!Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
            return narrowed;
        }
        if (foreign(folder, store).isEmpty() && OwnerOnly.narrow(folder)) {
            narrowed.add(folder);
        }
        try (Stream<Path> entries = Files.list(folder)) {
            for (Path entry : entries.toList()) {
                if (ours(entry, store) && !Files.isSymbolicLink(entry)) {
                    narrowTree(entry, narrowed);
                }
            }
        }
        return narrowed;
    }

    private static void narrowTree(Path path, List<Path> narrowed) throws IOException {
        try {
            if (OwnerOnly.narrow(path)) {
                narrowed.add(path);
            }
            if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
                try (Stream<Path> entries = Files.list(path)) {
                    for (Path entry : entries.toList()) {
                        if (!Files.isSymbolicLink(entry)) {
                            narrowTree(entry, narrowed);
                        }
                    }
                }
            }
        } catch (NoSuchFileException gone) {
            // Listed, then removed by another process before it was narrowed: SQLite deletes its -wal and -shm
            // files when its last reader closes, Lucene a segment once merged. Nothing of it is left to narrow.
        }
    }

    private static List<Path> foreign(Path folder, ChunkIndexStore store) throws IOException {
        try (Stream<Path> entries = Files.list(folder)) {
            return entries.filter(entry -> !ours(entry, store)).sorted().toList();
        }
    }

    /** A file Bearings or the store keeps in an index folder (or a temporary file of one being written). */
    static boolean ours(Path entry, ChunkIndexStore store) {
        String name = entry.getFileName().toString();
        return OWN.contains(name) || store.writes(entry) || name.matches("sources.*\\.part|\\." + DataFolder.TOKEN_FILE + ".*\\.tmp");
    }
}
