package dev.bearings.source.files;

import dev.bearings.core.markdown.FrontMatter;
import dev.bearings.core.markdown.SourceText;
import dev.bearings.core.note.Note;
import dev.bearings.core.note.NoteText;
import dev.bearings.core.source.NoteFingerprint;
import dev.bearings.core.source.NoteSource;
import dev.bearings.core.source.SourceException;
import dev.bearings.core.source.Watched;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * {@link NoteSource} over a folder of Markdown ({@code .md}, {@code .markdown}), such as an Obsidian
 * vault. Recursive; hidden folders ({@code .git}, {@code .obsidian}, {@code .trash}) are skipped,
 * and so are links that lead out of the folder. A note's id is its path relative to the folder,
 * with {@code /} separators; its fingerprint is modification time and size.
 *
 * <p>Nothing outside the folder is opened, even while someone who owns a folder inside it swaps that
 * folder for a link as notes are read: folders are opened one at a time from the one above, held open,
 * and never through a link ({@link Beneath}). A link inside the folder that leads inside it is followed,
 * in listing and in reading alike.
 */
public final class FolderSource implements NoteSource {
    /**
     * A {@code #tag}, or Bear's {@code #tag of several words#}: words, spaces and slashes closed by a
     * {@code #} that no word follows (in {@code #a and #b} the second {@code #} opens a tag, and closes nothing).
     */
    private static final Pattern INLINE_TAG = Pattern.compile("(?<![\\p{L}\\p{N}_#/&])#(?:([\\p{L}][\\p{L}\\p{N}_/ -]*?[\\p{L}\\p{N}_/-])#(?![\\p{L}\\p{N}_/])"
            + "|([\\p{L}][\\p{L}\\p{N}_/-]*))");

    /** The reason a link to what is hidden or left out where it is, is skipped under (named, as links are). */
    static final String LINK_LEFT_OUT = "link to what is hidden or left out";
    private final Path root;
    private final Beneath beneath;
    /** The patterns the user gave with the source; the folder's own {@value IgnoreRules#FILE} is read afresh at each listing. */
    private final List<String> excludes;
    private IgnoreRules rules = IgnoreRules.NONE;
    private final Map<String, Integer> skipped = new TreeMap<>();
    /** What the last listing left out, each named: see {@link #passedOver()}. */
    private final List<String> passedOver = new java.util.ArrayList<>();

    public FolderSource(Path root) {
        this(root, List.of());
    }

    /** @param excludes what to leave out besides the folder's own {@value IgnoreRules#FILE}, in gitignore's syntax */
    public FolderSource(Path root, List<String> excludes) {
        this(root, true, excludes);
    }

    /** @param held false to check folders by path, as where they cannot be held open (Windows), to test those checks */
    FolderSource(Path root, boolean held) {
        this(root, held, List.of());
    }

    private FolderSource(Path root, boolean held, List<String> excludes) {
        this.excludes = List.copyOf(excludes);
        this.root = root.toAbsolutePath().normalize();
        Path real;
        try {
            real = this.root.toRealPath();
        } catch (IOException e) {
            real = this.root;
        }
        this.beneath = new Beneath(this.root, real, held);
    }

    @Override
    public String name() {
        return "folder:" + root;
    }

    @Override
    public List<NoteFingerprint> list() throws SourceException {
        if (!Files.isDirectory(root)) {
            throw new SourceException(SourceException.Problem.MISSING, "the notes folder " + root + " does not exist or is not a folder", null);
        }
        skipped.clear();
        passedOver.clear();
        rules = rules();
        // Said once per listing: what the rules could not take leaves nothing out.
        rules.problems().forEach(this::skip);
        List<NoteFingerprint> notes = new ArrayList<>();
        try (OpenFolder top = beneath.openRoot()) {
            walk(top, "", "", new ArrayList<>(List.of(top.key())), notes);
        } catch (IOException e) {
            throw new SourceException("cannot list the notes folder " + root + ": " + e.getMessage(), e);
        }
        notes.sort((a, b) -> a.id().compareTo(b.id()));
        return notes;
    }

    /**
     * Lists the notes in {@code folder}, whose id starts {@code prefix}, below the folders {@code above} (their keys);
     * {@code at} is where the folder is, links followed: the rules leave out by where a note is, not by the links
     * that lead to it.
     */
    private void walk(OpenFolder folder, String prefix, String at, List<Object> above, List<NoteFingerprint> notes)
            throws IOException {
        for (String name : folder.names()) {
            if (hidden(name)) {
                continue;
            }
            String id = prefix + name;
            try {
                BasicFileAttributes attributes = folder.attributes(name);
                if (rules.leavesOut(at + name, attributes.isDirectory()) && (attributes.isDirectory() || isMarkdown(name))) {
                    skip(IgnoreRules.LEFT_OUT);
                    continue;
                }
                if (attributes.isSymbolicLink()) {
                    walkLink(id, above, notes);
                } else if (attributes.isDirectory()) {
                    try (OpenFolder inner = folder.folder(name)) {
                        walkInto(inner, id, at + name, above, notes);
                    }
                } else if (attributes.isRegularFile() && isMarkdown(name)) {
                    notes.add(fingerprint(id, attributes));
                }
            } catch (NoSuchFileException gone) {
                // removed while it was listed
            } catch (IOException e) {
                skip(id, "cannot be listed (" + dev.bearings.core.source.Failure.of(e) + ")");
            }
        }
    }

    private void walkInto(OpenFolder inner, String id, String at, List<Object> above, List<NoteFingerprint> notes)
            throws IOException {
        Object key = inner.key();
        if (above.contains(key)) {
            skip(id, Beneath.LOOP);
        } else if (above.size() > Beneath.MAX_DEPTH) {
            skip(id, Beneath.TOO_DEEP);
        } else {
            above.add(key);
            try {
                walk(inner, id + "/", at + "/", above, notes);
            } finally {
                above.remove(above.size() - 1);
            }
        }
    }

    /**
     * Follows the link {@code id} as {@link #read} would, listing the note or the folder it leads to inside, unless
     * what it leads to is hidden or left out where it is.
     */
    private void walkLink(String id, List<Object> above, List<NoteFingerprint> notes) throws IOException {
        try (Beneath.Found found = beneath.find(List.of(id.split("/")))) {
            if (found == null) {
                return; // a link to nothing
            }
            if (found.name() == null) {
                skip(id, Beneath.LOOP); // a link to a folder above it
            } else if (leftOutWhereItIs(rules, found) && (found.attributes().isDirectory() || isMarkdown(found.name()))) {
                skip(id, LINK_LEFT_OUT);
            } else if (found.attributes().isDirectory()) {
                try (OpenFolder inner = found.folder().folder(found.name())) {
                    walkInto(inner, id, found.path(), above, notes);
                }
            } else if (found.attributes().isRegularFile() && isMarkdown(id)) {
                notes.add(fingerprint(id, found.attributes()));
            }
        } catch (Beneath.Refused refused) {
            skip(id, refused.reason());
        }
    }

    private static NoteFingerprint fingerprint(String id, BasicFileAttributes attributes) {
        return new NoteFingerprint(id, attributes.lastModifiedTime().toMillis() + ":" + attributes.size());
    }

    private void skip(String reason) {
        skipped.merge(reason, 1, Integer::sum);
    }

    /** Skips {@code id} for {@code reason}, naming it: a link or a folder a person would look for. */
    private void skip(String id, String reason) {
        skip(reason);
        passedOver.add(id + ": " + reason);
    }

    @Override
    public List<String> passedOver() {
        return List.copyOf(passedOver);
    }

    @Override
    public Optional<Note> read(String id) throws SourceException, UnreadableNote {
        List<String> names = names(id);
        String fileName = names.get(names.size() - 1);
        if (!isMarkdown(fileName)) {
            throw new UnreadableNote(id, "not a Markdown note of " + root);
        }
        IgnoreRules now = rules();
        if (names.stream().anyMatch(FolderSource::hidden) || now.leavesOutNote(id)) {
            return Optional.empty(); // hidden or left out, as list() leaves it out
        }
        try (Beneath.Found found = beneath.find(names)) {
            if (found == null || leftOutWhereItIs(now, found)) {
                return Optional.empty();
            }
            Opened opened = open(id, found);
            String text;
            try {
                text = NoteText.decode(opened.bytes());
            } catch (NoteText.UnreadableNoteException e) {
                throw new UnreadableNote(id, e.reason(), e.getMessage());
            }
            String title = fileName.substring(0, fileName.lastIndexOf('.'));
            return Optional.of(new Note(id, title, text, tags(text), modified(text, opened.modified()), root.resolve(id).toUri().toString(),
                    List.of()));
        } catch (Beneath.Refused refused) {
            throw new UnreadableNote(id, refused.reason());
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UnreadableNote(id, "cannot be read (" + dev.bearings.core.source.Failure.of(e) + ")");
        }
    }

    /** The names of a note's id, each a single name in its folder, or why it is no note's id. */
    private List<String> names(String id) throws UnreadableNote {
        if (id.startsWith("/") || isAbsolute(id)) {
            throw new UnreadableNote(id, "not a note of " + root + ": a note's id is a path inside it, not an absolute path");
        }
        List<String> names = List.of(id.split("/", -1));
        for (String name : names) {
            if (name.equals("..")) {
                throw new UnreadableNote(id, "not a note of " + root + ": a note's id never has '..' in it");
            }
            if (name.isEmpty() || name.equals(".") || !isSingleName(name)) {
                throw new UnreadableNote(id, "not a note of " + root + ": a note's id is names joined by '/', with no empty or '.' name");
            }
        }
        return names;
    }

    private boolean isAbsolute(String id) {
        try {
            Path path = root.getFileSystem().getPath(id);
            return path.isAbsolute() || path.getRoot() != null;
        } catch (InvalidPathException e) {
            return false;
        }
    }

    private boolean isSingleName(String name) {
        try {
            Path path = root.getFileSystem().getPath(name);
            return path.getNameCount() == 1 && path.getRoot() == null && path.toString().equals(name);
        } catch (InvalidPathException e) {
            return false;
        }
    }

    /** A note's bytes and its modification time, as read. */
    private record Opened(byte[] bytes, Instant modified) {
    }

    /**
     * Reads the regular file found. Its type is checked before it is opened (opening a FIFO waits for a
     * writer, for ever), and it is opened without following a link from the folder it was found in: one
     * swapped for a link since is refused. The file read must be the one checked, and is read only up to
     * the size limit.
     */
    private static Opened open(String id, Beneath.Found found) throws IOException, UnreadableNote {
        BasicFileAttributes checked = found.attributes();
        if (found.name() == null || !checked.isRegularFile()) {
            throw new UnreadableNote(id, "is not a regular file");
        }
        String tooLarge = NoteText.tooLarge(checked.size());
        if (tooLarge != null) {
            throw new UnreadableNote(id, NoteText.TOO_LARGE, tooLarge);
        }
        OpenFolder folder = found.folder();
        byte[] bytes;
        try (SeekableByteChannel channel = folder.file(found.name())) {
            BasicFileAttributes opened = folder.attributes(found.name());
            if (!opened.isRegularFile() || !Objects.equals(opened.fileKey(), checked.fileKey())) {
                throw new UnreadableNote(id, Beneath.CHANGED);
            }
            ByteArrayOutputStream read = new ByteArrayOutputStream((int) Math.min(checked.size(), NoteText.MAX_BYTES));
            ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
            while (channel.read(buffer.clear()) > 0) {
                read.write(buffer.array(), 0, buffer.position());
                if (read.size() > NoteText.MAX_BYTES) {
                    throw new UnreadableNote(id, NoteText.TOO_LARGE, NoteText.tooLarge(read.size()));
                }
            }
            bytes = read.toByteArray();
        } catch (FileSystemException e) {
            if (!(e instanceof NoSuchFileException) && folder.attributes(found.name()).isSymbolicLink()) {
                // ELOOP: the file became a link between the check and the open.
                throw new UnreadableNote(id, Beneath.CHANGED);
            }
            throw e;
        }
        return new Opened(bytes, checked.lastModifiedTime().toInstant());
    }

    /**
     * When a note was last changed: the date its front matter gives ({@code updated}, else {@code date}, else
     * {@code created}), as Obsidian's and static sites' notes keep it, for a copied or synced vault gives every file
     * the day it was copied; else the file's time.
     */
    static java.time.Instant modified(String text, java.time.Instant fileTime) {
        Optional<FrontMatter> frontMatter = FrontMatter.find(SourceText.of(text));
        if (frontMatter.isPresent()) {
            for (String key : List.of("updated", "modified", "date", "created")) {
                Optional<java.time.Instant> date = frontMatter.get().first(key).flatMap(FrontMatter::date);
                if (date.isPresent()) {
                    return date.get();
                }
            }
        }
        return fileTime;
    }

    /** Tags from front matter ({@code tags:}) and {@code #tags} in the text outside code fences. */
    static Set<String> tags(String text) {
        SourceText source = SourceText.of(text);
        Set<String> tags = new LinkedHashSet<>();
        Optional<FrontMatter> frontMatter = FrontMatter.find(source);
        // One value may hold several, as Obsidian reads them: tags: "alpha, beta" and tags: alpha beta are two tags each.
        frontMatter.ifPresent(fm -> fm.all("tags").forEach(value -> {
            for (String tag : value.split("[,\\s]+")) {
                addTag(tags, tag.startsWith("#") ? tag.substring(1) : tag);
            }
        }));
        int firstLine = frontMatter.map(fm -> fm.endLine() + 1).orElse(1);
        boolean inFence = false;
        for (int line = firstLine; line <= source.lineCount(); line++) {
            String content = source.line(line);
            String trimmed = content.stripLeading();
            if (trimmed.startsWith("```") || trimmed.startsWith("~~~")) {
                inFence = !inFence;
                continue;
            }
            if (inFence || content.startsWith("    ") || content.startsWith("\t")) {
                continue;
            }
            Matcher matcher = INLINE_TAG.matcher(content.replaceAll("`[^`]*`", ""));
            while (matcher.find()) {
                addTag(tags, matcher.group(1) != null ? matcher.group(1) : matcher.group(2));
            }
        }
        return tags;
    }

    private static void addTag(Set<String> tags, String tag) {
        String clean = tag.strip().replaceAll("/+$", "");
        if (!clean.isEmpty()) {
            tags.add(clean);
        }
    }

    @Override
    public Map<String, Integer> skipped() {
        return Map.copyOf(skipped);
    }

    @Override
    public List<Path> locations() {
        return List.of(root);
    }

    /** The notes folder with everything below it, but for the folders this source never reads (hidden, left out). */
    @Override
    public Watched watched() {
        IgnoreRules now = rules();
        return Watched.folders(List.of(root), folder -> hidden(folder.getFileName().toString())
                || now.leavesOut(root.relativize(folder.toAbsolutePath().normalize()).toString().replace('\\', '/'), true));
    }

    /** The rules as they are now: the folder's own file may have changed since the last listing. */
    private IgnoreRules rules() {
        return IgnoreRules.of(root, excludes);
    }

    /** Whether what links led to is in a hidden folder, or left out by a rule, where it is. */
    private static boolean leftOutWhereItIs(IgnoreRules rules, Beneath.Found found) {
        return Stream.of(found.path().split("/")).anyMatch(FolderSource::hidden)
                || rules.leavesOutBeneath(found.path(), found.attributes().isDirectory());
    }

    /** A hidden file or folder ({@code .git}, {@code .obsidian}, {@code .trash}): never a note, never read. */
    static boolean hidden(String name) {
        return name.startsWith(".");
    }

    @Override
    public void close() {
    }

    private static boolean isMarkdown(String fileName) {
        String name = fileName.toLowerCase(Locale.ROOT);
        return name.endsWith(".md") || name.endsWith(".markdown");
    }
}
