package dev.bearings.source.files;

import java.io.IOException;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A folder of the notes, opened. Its entries are looked at, opened and listed one name at a time, and
 * no link is followed: what is opened from it is in it.
 */
sealed interface OpenFolder extends AutoCloseable permits OpenFolder.Held, OpenFolder.ByPath {

    /**
     * Opens the folder at {@code path} (following links on the way: this is the notes folder itself),
     * held open where the platform allows it.
     *
     * @param held false to check by path even where the folder could be held (to test those checks)
     */
    static OpenFolder open(Path path, boolean held) throws IOException {
        DirectoryStream<Path> stream = Files.newDirectoryStream(path);
        if (held && stream instanceof SecureDirectoryStream<Path> secure) {
            return new Held(path, secure);
        }
        stream.close();
        return new ByPath(path);
    }

    /** Where the folder was when it was opened: to read a link in it, which no descriptor can do in Java. */
    Path path();

    /** The names in the folder; asked once. */
    List<String> names() throws IOException;

    /** The folder's own attributes. */
    BasicFileAttributes attributes() throws IOException;

    /** The attributes of the entry {@code name}, a link's own when it is one. */
    BasicFileAttributes attributes(String name) throws IOException;

    /** Opens the folder {@code name}; an entry that is a link is refused, not followed. */
    OpenFolder folder(String name) throws IOException;

    /** Opens the file {@code name} to read; an entry that is a link is refused, not followed. */
    SeekableByteChannel file(String name) throws IOException;

    /** What tells this folder from every other on the machine, to see a link lead back to a folder above. */
    default Object key() throws IOException {
        Object key = attributes().fileKey();
        return key != null ? key : path().toRealPath();
    }

    @Override
    void close() throws IOException;

    /**
     * A folder held open by its descriptor (Linux, macOS): each name is looked up relative to it
     * ({@code openat}, {@code fstatat} with {@code O_NOFOLLOW}), so a folder above swapped for a link
     * while it is used cannot send a look-up elsewhere, as {@code openat2(RESOLVE_BENEATH|RESOLVE_NO_SYMLINKS)}.
     */
    record Held(Path path, SecureDirectoryStream<Path> stream) implements OpenFolder {

        @Override
        public List<String> names() throws IOException {
            List<String> names = new ArrayList<>();
            try {
                for (Path entry : stream) {
                    names.add(entry.getFileName().toString());
                }
            } catch (DirectoryIteratorException e) {
                throw e.getCause();
            }
            return names;
        }

        @Override
        public BasicFileAttributes attributes() throws IOException {
            return stream.getFileAttributeView(BasicFileAttributeView.class).readAttributes();
        }

        @Override
        public BasicFileAttributes attributes(String name) throws IOException {
            return stream.getFileAttributeView(entry(name), BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS).readAttributes();
        }

        @Override
        public OpenFolder folder(String name) throws IOException {
            Path entry = entry(name);
            return new Held(path.resolve(entry), stream.newDirectoryStream(entry, LinkOption.NOFOLLOW_LINKS));
        }

        @Override
        public SeekableByteChannel file(String name) throws IOException {
            return stream.newByteChannel(entry(name), Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS));
        }

        @Override
        public void close() throws IOException {
            stream.close();
        }

        /** The stream looks up a relative path of several names by following links in it, and an absolute one from the top. */
        private Path entry(String name) {
            Path entry = path.getFileSystem().getPath(name);
            if (entry.isAbsolute() || entry.getNameCount() != 1 || name.equals(".") || name.equals("..")) {
                throw new IllegalArgumentException("not a single name in a folder: " + name);
            }
            return entry;
        }
    }

    /**
     * A folder checked by path, where the platform cannot hold one open (Windows): each entry is checked
     * not to be a link and then used by its path, as before folders were held. Someone who can swap a
     * folder above for a link between the check and the use can still lead a read out of the notes.
     */
    record ByPath(Path path) implements OpenFolder {

        @Override
        public List<String> names() throws IOException {
            List<String> names = new ArrayList<>();
            try (DirectoryStream<Path> stream = Files.newDirectoryStream(path)) {
                for (Path entry : stream) {
                    names.add(entry.getFileName().toString());
                }
            } catch (DirectoryIteratorException e) {
                throw e.getCause();
            }
            return names;
        }

        @Override
        public BasicFileAttributes attributes() throws IOException {
            return Files.readAttributes(path, BasicFileAttributes.class);
        }

        @Override
        public BasicFileAttributes attributes(String name) throws IOException {
            return Files.readAttributes(path.resolve(name), BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        }

        @Override
        public OpenFolder folder(String name) throws IOException {
            Path folder = path.resolve(name);
            if (!attributes(name).isDirectory()) {
                throw new NotDirectoryException(folder.toString());
            }
            return new ByPath(folder);
        }

        @Override
        public SeekableByteChannel file(String name) throws IOException {
            return Files.newByteChannel(path.resolve(name), StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
        }

        @Override
        public void close() {
        }
    }
}
