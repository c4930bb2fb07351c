package dev.bearings.embedding.support;

import com.sun.security.auth.module.UnixSystem;
import dev.bearings.core.folder.UserFolders;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

/**
 * Bearings' cache folder, where native libraries are extracted and loaded from and models copied:
 * {@code -Dbearings.cache} when set, else the user's ({@link UserFolders#cache}). Made the user's alone
 * ({@code 0700}) when it is made; and a folder native code is loaded from is refused when another user
 * could put a file in it, or swap it or a folder above it, since a library they put there would run as you.
 */
public final class CacheFolder {
    /** Where the cache lives when set; otherwise the platform's cache folder. */
    public static final String PROPERTY = "bearings.cache";

    private CacheFolder() {
    }

    /** Where the cache folder is; it may not exist yet. */
    public static Path root() {
        String set = System.getProperty(PROPERTY);
        if (set != null && !set.isBlank()) {
            return Path.of(set);
        }
        return UserFolders.here().cache();
    }

    /**
     * The cache folder, made now (the user's alone) if it is not there.
     *
     * @throws OthersCanWrite when other users could write it or a folder above it
     * @throws IOException    when it cannot be made (a home folder that cannot be written, a file in its place)
     */
    public static Path own() throws IOException {
        Path root = root().toAbsolutePath().normalize();
        if (!Files.isDirectory(root)) {
            try {
                if (posix()) {
                    Files.createDirectories(root, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
                } else {
                    Files.createDirectories(root);
                }
            } catch (IOException e) {
                throw new IOException("cannot make the cache folder " + root + " (" + e.getClass().getSimpleName() + ")", e);
            }
        }
        requireUnwritableByOthers(root);
        return root;
    }

    /**
     * Refuses {@code folder} (which may not exist yet) unless no other user can write in it or in a folder
     * above it: each is the user's or root's, and written by no one else, or, like {@code /tmp}, sticky
     * (only an entry's owner removes it) with the next folder down already there and the user's or root's.
     * A group of the user's own name (one user, one group) counts as the user. Where folders have no
     * Unix owner and mode (Windows), the user's folders are the user's by their access lists: nothing is checked.
     *
     * @throws OthersCanWrite naming the folder another user could write
     */
    public static void requireUnwritableByOthers(Path folder) throws IOException {
        if (!posix()) {
            return;
        }
        Path wanted = folder.toAbsolutePath().normalize();
        Path existing = wanted;
        while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return;
        }
        Path real = existing.toRealPath();
        UnixSystem me = new UnixSystem();
        Path at = real.getRoot();
        for (int i = 0; i <= real.getNameCount(); i++) {
            if (i > 0) {
                at = at.resolve(real.getName(i - 1));
            }
            Map<String, Object> unix = Files.readAttributes(at, "unix:uid,gid,mode,group", LinkOption.NOFOLLOW_LINKS);
            int uid = (Integer) unix.get("uid");
            int mode = (Integer) unix.get("mode");
            if (uid != 0 && uid != me.getUid()) {
                throw unsafe(wanted, at, "belongs to another user (uid " + uid + ")");
            }
            boolean groupIsMine = (Integer) unix.get("gid") == me.getGid()
                    && ((GroupPrincipal) unix.get("group")).getName().equals(me.getUsername());
            boolean othersWrite = (mode & 0002) != 0 || ((mode & 0020) != 0 && !groupIsMine);
            boolean last = i == real.getNameCount();
            if (othersWrite && ((mode & 01000) == 0 || last)) {
                throw unsafe(wanted, at, "can be written by other users");
            }
        }
    }

    private static OthersCanWrite unsafe(Path wanted, Path at, String what) {
        return new OthersCanWrite("the folder " + at + " " + what + ": a native library loaded from " + wanted
                + " could be one of theirs, and run as you; make it writable by you alone, or set XDG_CACHE_HOME to a folder that is");
    }

    /** A folder refused because another user could write it, or one above it: the message names it and says what to do. */
    public static final class OthersCanWrite extends IOException {
        private static final long serialVersionUID = 1L;

        OthersCanWrite(String message) {
            super(message);
        }
    }

    private static boolean posix() {
        return FileSystems.getDefault().supportedFileAttributeViews().contains("unix");
    }
}
