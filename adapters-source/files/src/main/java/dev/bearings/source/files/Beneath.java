package dev.bearings.source.files;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.NotLinkException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Finds a path of names beneath the notes folder one folder at a time, from the folder opened once,
 * never letting the system follow a link. A link is followed here instead, and only while it leads, name
 * by name, to somewhere inside the folder: a link leading inside is a note like any other, one leading
 * out is refused, and one swapped in while it is followed is caught by the folder it was opened from.
 */
final class Beneath {

    /** As many links as Linux follows in one path before it says they loop. */
    static final int MAX_LINKS = 40;
    /** Folders deeper than this are not entered (each one open takes a descriptor). */
    static final int MAX_DEPTH = 256;

    static final String LEADS_OUT = "link leading out of the folder";
    static final String LOOP = "link making a loop";
    static final String TOO_DEEP = "folders nested over " + MAX_DEPTH + " deep";
    static final String CHANGED = "changed while it was read";

    private final Path root;
    private final Path realRoot;
    private final boolean held;

    /**
     * @param root     the notes folder as it was given
     * @param realRoot the same with no link left in it, resolved when the source opened
     * @param held     false to check folders by path even where they could be held open (to test those checks)
     */
    Beneath(Path root, Path realRoot, boolean held) {
        this.root = root;
        this.realRoot = realRoot;
        this.held = held;
    }

    /** The notes folder, opened. */
    OpenFolder openRoot() throws IOException {
        return OpenFolder.open(realRoot, held);
    }

    /**
     * Where {@code names} lead inside the notes folder (each a single name, none of them {@code ..}).
     *
     * @return null when nothing is there
     * @throws Refused when the names lead out of the folder, round a loop of links, or too deep
     */
    Found find(List<String> names) throws IOException, Refused {
        Deque<OpenFolder> folders = new ArrayDeque<>();
        folders.push(openRoot());
        // The names of the folders held below the notes folder: where the names led, links followed.
        Deque<String> path = new ArrayDeque<>();
        Deque<String> left = new ArrayDeque<>(names);
        int links = 0;
        try {
            while (!left.isEmpty()) {
                String name = left.pop();
                if (name.equals("..")) {
                    if (folders.size() == 1) {
                        throw new Refused(LEADS_OUT);
                    }
                    folders.pop().close();
                    path.pop();
                    continue;
                }
                if (name.isEmpty() || name.equals(".")) {
                    continue;
                }
                OpenFolder folder = folders.peek();
                BasicFileAttributes attributes = folder.attributes(name);
                if (attributes.isSymbolicLink()) {
                    if (++links > MAX_LINKS) {
                        throw new Refused(LOOP);
                    }
                    // Read by path: whatever it says, it is followed from the folders held here.
                    Path target;
                    try {
                        target = Files.readSymbolicLink(folder.path().resolve(name));
                    } catch (NotLinkException e) {
                        throw new Refused(CHANGED);
                    }
                    if (target.isAbsolute()) {
                        target = inside(target);
                        while (folders.size() > 1) {
                            folders.pop().close();
                        }
                        path.clear();
                    }
                    List<String> parts = new ArrayList<>();
                    target.forEach(part -> parts.add(part.toString()));
                    for (int i = parts.size() - 1; i >= 0; i--) {
                        left.push(parts.get(i));
                    }
                    continue;
                }
                if (left.isEmpty()) {
                    path.push(name);
                    Found found = new Found(folders, name, attributes, path);
                    folders = null;
                    return found;
                }
                if (!attributes.isDirectory()) {
                    return null;
                }
                if (folders.size() > MAX_DEPTH) {
                    throw new Refused(TOO_DEEP);
                }
                folders.push(folder(folder, name));
                path.push(name);
            }
            // The last name was a link to a folder above it, or to the notes folder.
            Found found = new Found(folders, null, folders.peek().attributes(), path);
            folders = null;
            return found;
        } catch (NoSuchFileException gone) {
            return null;
        } finally {
            if (folders != null) {
                close(folders);
            }
        }
    }

    /** Opens the folder {@code name}, refusing it when it became a link or something else since it was looked at. */
    private static OpenFolder folder(OpenFolder in, String name) throws IOException, Refused {
        try {
            return in.folder(name);
        } catch (NotDirectoryException e) {
            throw new Refused(CHANGED);
        } catch (FileSystemException e) {
            if (!(e instanceof NoSuchFileException) && !in.attributes(name).isDirectory()) {
                throw new Refused(CHANGED); // ELOOP: a link now
            }
            throw e;
        }
    }

    /** An absolute link's target as a path from the notes folder, when it leads inside. */
    private Path inside(Path target) throws Refused {
        for (Path top : List.of(realRoot, root)) {
            if (target.startsWith(top)) {
                return top.relativize(target);
            }
        }
        throw new Refused(LEADS_OUT);
    }

    private static void close(Deque<OpenFolder> folders) throws IOException {
        IOException failed = null;
        for (OpenFolder folder : folders) {
            try {
                folder.close();
            } catch (IOException e) {
                failed = e;
            }
        }
        if (failed != null) {
            throw failed;
        }
    }

    /** What names led to, with the folders that lead there held open until it is closed. */
    static final class Found implements AutoCloseable {
        private final Deque<OpenFolder> folders;
        private final String name;
        private final BasicFileAttributes attributes;
        private final String path;

        private Found(Deque<OpenFolder> folders, String name, BasicFileAttributes attributes, Deque<String> path) {
            this.folders = folders;
            this.name = name;
            this.attributes = attributes;
            List<String> names = new ArrayList<>();
            path.descendingIterator().forEachRemaining(names::add);
            this.path = String.join("/", names);
        }

        /**
         * Where it is in the notes folder, every link followed: its names from the top, joined by {@code /}
         * (empty for the notes folder itself). What a link leads to is left out or hidden by where it is.
         */
        String path() {
            return path;
        }

        /** The folder that holds what was found, or the folder found. */
        OpenFolder folder() {
            return folders.peek();
        }

        /** The name of what was found in {@link #folder()}, or null when that folder is what was found. */
        String name() {
            return name;
        }

        /** Its attributes as found, never a link's. */
        BasicFileAttributes attributes() {
            return attributes;
        }

        @Override
        public void close() throws IOException {
            Beneath.close(folders);
        }
    }

    /** Names that do not lead to something inside the folder, and why (a reason skipped notes are counted by). */
    static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;

        Refused(String reason) {
            super(reason, null, false, false);
        }

        String reason() {
            return getMessage();
        }
    }
}
