package dev.bearings.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Notes' text, the token and the servers' entries are the user's alone: the folders Bearings makes are
 * 0700, and the files it and its stores leave in them lose every permission of group and others. Only
 * what is Bearings' own is narrowed: an {@code --index} pointed at a folder of the user's other files
 * leaves that folder and those files as they were. On a file system without POSIX permissions
 * (Windows) the user's profile folder already keeps others out, and nothing is done.
 */
public final class OwnerOnly {
    public static final Set<PosixFilePermission> FOLDER = PosixFilePermissions.fromString("rwx------");
    public static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");
    /** What Bearings and its built-in stores leave in an index or data folder. */
    private static final Pattern OURS = Pattern.compile("bearings\\.sqlite.*|sources.*\\.(json|part)|index\\.lock|lucene"
            + "|" + Pattern.quote(DataFolder.TOKEN_FILE) + "|\\." + Pattern.quote(DataFolder.TOKEN_FILE) + ".*\\.tmp|servers|index");
    private static final Set<PosixFilePermission> OTHERS = EnumSet.of(PosixFilePermission.GROUP_READ,
            PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_READ,
            PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

    private OwnerOnly() {
    }

    /**
     * Makes {@code folder} owner-only if it is missing; narrows it if it holds nothing but Bearings' own
     * files (an index or data folder made by an older version, or by hand).
     */
    public static Path folder(Path folder) throws IOException {
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
        } else if (onlyOurs(absolute)) {
            narrow(absolute);
        }
        return folder;
    }

    /** Narrows an existing file to its owner. */
    public static Path file(Path file) throws IOException {
        narrow(file);
        return file;
    }

    /**
     * Narrows {@code folder}, when it holds only Bearings' own files, and the files and folders in it that
     * are Bearings' or its stores' (SQLite's journal, Lucene's folder), as a sync leaves them.
     */
    public static void tree(Path folder) throws IOException {
        if (!Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        if (onlyOurs(folder)) {
            narrow(folder);
        }
        try (Stream<Path> entries = Files.list(folder)) {
            for (Path entry : entries.toList()) {
                if (ours(entry) && !Files.isSymbolicLink(entry)) {
                    narrow(entry);
                }
            }
        }
    }

    private static boolean ours(Path entry) {
        return OURS.matcher(entry.getFileName().toString()).matches();
    }

    private static boolean onlyOurs(Path folder) throws IOException {
        try (Stream<Path> entries = Files.list(folder)) {
            return entries.allMatch(OwnerOnly::ours);
        }
    }

    /** Takes every permission of group and others away; the owner's stay as they are. */
    private static void narrow(Path path) throws IOException {
        if (!posix(path)) {
            return;
        }
        Set<PosixFilePermission> now = Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS);
        if (now.stream().anyMatch(OTHERS::contains)) {
            Set<PosixFilePermission> owner = EnumSet.noneOf(PosixFilePermission.class);
            owner.addAll(now);
            owner.removeAll(OTHERS);
            Files.setPosixFilePermissions(path, owner);
        }
    }

    private static boolean posix(Path path) {
        return path != null && Files.getFileAttributeView(path, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS) != null;
    }
}
