package dev.bearings.app.folder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Set;

/**
 * Notes' text, the token and the servers' entries are the user's alone: what Bearings makes is made its
 * owner's alone from its first byte (folders 0700, files 0600), never made readable and narrowed after.
 * Folders of Bearings' own (the data folder, its {@code servers} and {@code logs}) that an older version
 * left wider are narrowed when next used. Index folders, which a user may point anywhere, follow their own
 * rule ({@link IndexFolder}). On a file system without POSIX permissions (Windows) the user's profile
 * folder already keeps others out, and nothing is done.
 */
public final class OwnerOnly {
    public static final Set<PosixFilePermission> FOLDER = PosixFilePermissions.fromString("rwx------");
    public static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");
    static final Set<PosixFilePermission> OTHERS = EnumSet.of(PosixFilePermission.GROUP_READ,
            PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_READ,
            PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

    private OwnerOnly() {
    }

    /** A folder of Bearings' own: made owner-only if missing (its parents as usual), narrowed if not. */
    public static Path folder(Path folder) throws IOException {
        Path absolute = folder.toAbsolutePath();
        if (!Files.isDirectory(absolute)) {
            create(absolute);
        } else {
            narrow(absolute);
        }
        return folder;
    }

    /** Makes {@code folder}, owner-only from the start; its parents are made as the user makes folders. */
    public static void create(Path folder) throws IOException {
        if (folder.getParent() != null && !Files.exists(folder.getParent())) {
            Files.createDirectories(folder.getParent());
        }
        Files.createDirectories(folder, attributes(folder.getParent(), FOLDER));
    }

    /** Makes an empty file owner-only from the start; an existing one is narrowed. */
    public static Path createFile(Path file) throws IOException {
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            narrow(file);
            return file;
        }
        return Files.createFile(file, attributes(file.getParent(), FILE));
    }

    /** Narrows an existing file to its owner. */
    public static Path file(Path file) throws IOException {
        narrow(file);
        return file;
    }

    /**
     * Takes every permission of group and others away; the owner's stay as they are.
     *
     * @return whether anything was taken away
     */
    static boolean narrow(Path path) throws IOException {
        if (!posix(path)) {
            return false;
        }
        Set<PosixFilePermission> now = Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS);
        if (now.stream().noneMatch(OTHERS::contains)) {
            return false;
        }
        Set<PosixFilePermission> owner = EnumSet.noneOf(PosixFilePermission.class);
        owner.addAll(now);
        owner.removeAll(OTHERS);
        Files.setPosixFilePermissions(path, owner);
        return true;
    }

    /** Whether group or others may do anything with {@code path}. */
    static boolean sharedWithOthers(Path path) throws IOException {
        return posix(path) && Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS).stream().anyMatch(OTHERS::contains);
    }

    private static FileAttribute<?>[] attributes(Path in, Set<PosixFilePermission> permissions) {
        return posix(in) ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(permissions)} : new FileAttribute<?>[0];
    }

    static boolean posix(Path path) {
        return path != null && Files.getFileAttributeView(path, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS) != null;
    }
}
