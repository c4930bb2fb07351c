package dev.bearings.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Notes' text, the token and the servers' entries are the user's alone: their folders are made 0700
 * and their files 0600, and looser permissions found on them are narrowed. On a file system without
 * POSIX permissions (Windows) the user's profile folder already keeps others out, and nothing is done.
 */
final class OwnerOnly {
    static final Set<PosixFilePermission> FOLDER = PosixFilePermissions.fromString("rwx------");
    static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");

    private OwnerOnly() {
    }

    /** Creates {@code folder} (and any missing parent, each owner-only) and narrows it to its owner. */
    static Path folder(Path folder) throws IOException {
        Path absolute = folder.toAbsolutePath();
        if (!Files.isDirectory(absolute)) {
            if (absolute.getParent() != null && !Files.exists(absolute.getParent())) {
                Files.createDirectories(absolute.getParent());
            }
            if (posix(absolute.getParent())) {
                Files.createDirectories(absolute, PosixFilePermissions.asFileAttribute(FOLDER));
            } else {
                Files.createDirectories(absolute);
            }
        }
        narrow(absolute, FOLDER);
        return folder;
    }

    /** Narrows an existing file to its owner. */
    static Path file(Path file) throws IOException {
        narrow(file, FILE);
        return file;
    }

    /** Narrows {@code folder} and every file and folder directly in it, as a store leaves them (SQLite's journal, Lucene's segments). */
    static void tree(Path folder) throws IOException {
        if (!Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        narrow(folder, FOLDER);
        try (var entries = Files.list(folder)) {
            for (Path entry : (Iterable<Path>) entries::iterator) {
                if (Files.isRegularFile(entry, LinkOption.NOFOLLOW_LINKS)) {
                    narrow(entry, FILE);
                } else if (Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)) {
                    narrow(entry, FOLDER);
                }
            }
        }
    }

    private static void narrow(Path path, Set<PosixFilePermission> wanted) throws IOException {
        if (posix(path) && !Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS).equals(wanted)) {
            Files.setPosixFilePermissions(path, wanted);
        }
    }

    private static boolean posix(Path path) {
        return path != null && Files.getFileAttributeView(path, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS) != null;
    }
}
