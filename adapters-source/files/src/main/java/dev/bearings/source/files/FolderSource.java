package dev.bearings.source.files;

import dev.bearings.core.markdown.FrontMatter;
import dev.bearings.core.markdown.SourceText;
import dev.bearings.core.note.Note;
import dev.bearings.core.note.NoteText;
import dev.bearings.core.source.NoteFingerprint;
import dev.bearings.core.source.NoteSource;
import dev.bearings.core.source.SourceException;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.FileSystemException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
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

/**
 * {@link NoteSource} over a folder of Markdown ({@code .md}, {@code .markdown}), such as an Obsidian
 * vault. Recursive; hidden folders ({@code .git}, {@code .obsidian}, {@code .trash}) are skipped,
 * and so are links that lead out of the folder. A note's id is its path relative to the folder,
 * with {@code /} separators; its fingerprint is modification time and size.
 */
public final class FolderSource implements NoteSource {
    /**
     * A {@code #tag}, or Bear's {@code #tag of several words#}: words, spaces and slashes closed by a
     * {@code #} that no word follows (in {@code #a and #b} the second {@code #} opens a tag, and closes nothing).
     */
    private static final Pattern INLINE_TAG = Pattern.compile("(?<![\\p{L}\\p{N}_#/&])#(?:([\\p{L}][\\p{L}\\p{N}_/ -]*?[\\p{L}\\p{N}_/-])#(?![\\p{L}\\p{N}_/])"
            + "|([\\p{L}][\\p{L}\\p{N}_/-]*))");

    private final Path root;
    private final Path realRoot;
    private final Map<String, Integer> skipped = new TreeMap<>();

    public FolderSource(Path root) {
        this.root = root.toAbsolutePath().normalize();
        Path real;
        try {
            real = this.root.toRealPath();
        } catch (IOException e) {
            real = this.root;
        }
        this.realRoot = real;
    }

    @Override
    public String name() {
        return "folder:" + root;
    }

    @Override
    public List<NoteFingerprint> list() throws SourceException {
        if (!Files.isDirectory(root)) {
            throw new SourceException("the notes folder " + root + " does not exist or is not a folder");
        }
        skipped.clear();
        List<NoteFingerprint> notes = new ArrayList<>();
        try {
            Files.walkFileTree(root, EnumSet.of(FileVisitOption.FOLLOW_LINKS), Integer.MAX_VALUE, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    if (!dir.equals(root) && (isHidden(dir) || !insideRoot(dir))) {
                        if (!isHidden(dir)) {
                            skipped.merge("link leading out of the folder", 1, Integer::sum);
                        }
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    if (attrs.isRegularFile() && isMarkdown(file) && !isHidden(file)) {
                        if (!insideRoot(file)) {
                            skipped.merge("link leading out of the folder", 1, Integer::sum);
                        } else {
                            notes.add(new NoteFingerprint(idOf(file),
                                    attrs.lastModifiedTime().toMillis() + ":" + attrs.size()));
                        }
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    skipped.merge("cannot be listed (" + e.getClass().getSimpleName() + ")", 1, Integer::sum);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new SourceException("cannot list the notes folder " + root + ": " + e.getMessage(), e);
        }
        notes.sort((a, b) -> a.id().compareTo(b.id()));
        return notes;
    }

    @Override
    public Optional<Note> read(String id) throws SourceException, UnreadableNote {
        Path file = root.resolve(id).normalize();
        if (!file.startsWith(root) || !isMarkdown(file)) {
            throw new UnreadableNote(id, "not a Markdown note of " + root);
        }
        try {
            Path real;
            try {
                real = file.toRealPath();
            } catch (NoSuchFileException gone) {
                return Optional.empty();
            }
            if (!real.startsWith(realRoot)) {
                throw new UnreadableNote(id, "link leading out of the folder");
            }
            Opened opened = open(id, real);
            String text;
            try {
                text = NoteText.decode(opened.bytes());
            } catch (NoteText.UnreadableNoteException e) {
                throw new UnreadableNote(id, e.reason(), e.getMessage());
            }
            String fileName = file.getFileName().toString();
            String title = fileName.substring(0, fileName.lastIndexOf('.'));
            return Optional.of(new Note(id, title, text, tags(text), opened.modified(), file.toUri().toString(), List.of()));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new UnreadableNote(id, "cannot be read (" + e.getClass().getSimpleName() + ")");
        }
    }

    /** A note's bytes and its modification time, as read. */
    private record Opened(byte[] bytes, Instant modified) {
    }

    /**
     * Reads the regular file at {@code real}, a path inside the folder with no link left in it. The
     * file's type is checked before it is opened (opening a FIFO waits for a writer, for ever), and it is
     * opened without following a link: a note swapped for a link after its path was checked is refused,
     * not followed out of the folder. The file read must be the one checked, and is read only up to
     * the size limit.
     */
    private static Opened open(String id, Path real) throws IOException, UnreadableNote {
        BasicFileAttributes checked = Files.readAttributes(real, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (!checked.isRegularFile()) {
            throw new UnreadableNote(id, "is not a regular file");
        }
        String tooLarge = NoteText.tooLarge(checked.size());
        if (tooLarge != null) {
            throw new UnreadableNote(id, NoteText.TOO_LARGE, tooLarge);
        }
        byte[] bytes;
        try (SeekableByteChannel channel = Files.newByteChannel(real, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            BasicFileAttributes opened = Files.readAttributes(real, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!opened.isRegularFile() || !Objects.equals(opened.fileKey(), checked.fileKey())) {
                throw new UnreadableNote(id, "changed while it was read");
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
            if (Files.isSymbolicLink(real)) {
                // ELOOP: the path's last part became a link between the check and the open.
                throw new UnreadableNote(id, "changed while it was read");
            }
            throw e;
        }
        return new Opened(bytes, checked.lastModifiedTime().toInstant());
    }

    /** Tags from front matter ({@code tags:}) and {@code #tags} in the text outside code fences. */
    static Set<String> tags(String text) {
        SourceText source = SourceText.of(text);
        Set<String> tags = new LinkedHashSet<>();
        Optional<FrontMatter> frontMatter = FrontMatter.find(source);
        frontMatter.ifPresent(fm -> fm.all("tags").forEach(t -> addTag(tags, t.startsWith("#") ? t.substring(1) : t)));
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

    @Override
    public void close() {
    }

    private String idOf(Path file) {
        return root.relativize(file.toAbsolutePath().normalize()).toString().replace(java.io.File.separatorChar, '/');
    }

    private boolean insideRoot(Path path) {
        try {
            return path.toRealPath().startsWith(realRoot);
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean isHidden(Path path) {
        Path name = path.getFileName();
        return name != null && name.toString().startsWith(".");
    }

    private static boolean isMarkdown(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return (name.endsWith(".md") || name.endsWith(".markdown")) && !Files.isDirectory(file, LinkOption.NOFOLLOW_LINKS);
    }
}
