package dev.bearings.source.files;

import dev.bearings.core.note.Note;
import dev.bearings.core.plugin.NoteSourceProvider;
import dev.bearings.core.plugin.Settings;
import dev.bearings.core.source.NoteFingerprint;
import dev.bearings.core.source.NoteSource;
import dev.bearings.core.source.SourceException;
import dev.bearings.testkit.NoteSourceContract;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.StandardCopyOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class FolderSourceTest extends NoteSourceContract {

    @Override
    protected Fixture fixture(Path folder) {
        return new Fixture() {
            private int count;

            @Override
            public String add(String title, String text) throws Exception {
                String id = "notes/" + (count++) + "-" + title.replace(' ', '-') + ".md";
                Files.createDirectories(folder.resolve(id).getParent());
                Files.writeString(folder.resolve(id), text);
                return id;
            }

            @Override
            public void edit(String id, String text) throws Exception {
                Files.writeString(folder.resolve(id), text);
                Files.setLastModifiedTime(folder.resolve(id), FileTime.from(Instant.now().plusSeconds(5)));
            }

            @Override
            public void remove(String id) throws Exception {
                Files.delete(folder.resolve(id));
            }

            @Override
            public NoteSource source() {
                return new FolderSource(folder);
            }

            @Override
            public Settings settings() {
                return Settings.of(Map.of("path", folder.toString()));
            }
        };
    }

    @Override
    protected NoteSourceProvider provider() {
        return new FolderSourceProvider();
    }

    @Test
    void aFolderSourceNeedsItsPath() {
        assertThatThrownBy(() -> new FolderSourceProvider().create(Settings.NONE))
                .hasMessage("note source 'folder' needs path=DIR");
    }

    @Test
    void skipsHiddenFoldersOtherFilesAndLinksLeavingTheFolder(@org.junit.jupiter.api.io.TempDir Path outside) throws Exception {
        Files.createDirectories(folder.resolve(".obsidian"));
        Files.writeString(folder.resolve(".obsidian/workspace.md"), "# hidden");
        Files.createDirectories(folder.resolve(".git"));
        Files.writeString(folder.resolve(".git/HEAD.md"), "# hidden");
        Files.writeString(folder.resolve("image.png"), "not markdown");
        Files.writeString(folder.resolve("Upper.MARKDOWN"), "# upper");
        Files.writeString(folder.resolve("note.md"), "# note");
        Files.writeString(outside.resolve("secret.md"), "# secret outside");
        Files.createSymbolicLink(folder.resolve("escape.md"), outside.resolve("secret.md"));
        Files.createSymbolicLink(folder.resolve("escape-dir"), outside);
        Files.createDirectories(folder.resolve("sub"));
        Files.writeString(folder.resolve("sub/inner.md"), "# inner");
        Files.createSymbolicLink(folder.resolve("inside-link.md"), folder.resolve("sub/inner.md"));
        try (FolderSource source = new FolderSource(folder)) {
            assertThat(source.list()).extracting(NoteFingerprint::id)
                    .containsExactly("Upper.MARKDOWN", "inside-link.md", "note.md", "sub/inner.md");
            assertThat(source.skipped()).containsEntry("link leading out of the folder", 2);
        }
    }

    @Test
    void refusesPathsOutsideTheFolderAndInvalidText() throws Exception {
        Files.writeString(folder.resolve("ok.md"), "# ok");
        Files.write(folder.resolve("latin1.md"), new byte[]{'c', 'a', 'f', (byte) 0xE9});
        try (FolderSource source = new FolderSource(folder)) {
            assertThatThrownBy(() -> source.read("../etc/passwd.md")).isInstanceOf(NoteSource.UnreadableNote.class);
            assertThatThrownBy(() -> source.read("latin1.md"))
                    .isInstanceOf(NoteSource.UnreadableNote.class)
                    .hasMessageContaining("latin1.md")
                    .hasMessageContaining("not valid UTF-8");
        }
    }

    /** Each way a path could lead out, checked held open and by path (where folders cannot be held: Windows). */
    @ParameterizedTest(name = "held open: {0}")
    @ValueSource(booleans = {true, false})
    void linksAndIdsLeadingOutAreRefusedSayingWhy(boolean held, @TempDir Path outside) throws Exception {
        Files.writeString(outside.resolve("secret.md"), "# secret outside");
        Files.createDirectories(folder.resolve("sub"));
        Files.writeString(folder.resolve("sub/note.md"), "# note");
        Files.createSymbolicLink(folder.resolve("escape-dir"), outside);
        Files.createSymbolicLink(folder.resolve("sub/escape.md"), outside.resolve("secret.md"));
        Files.createSymbolicLink(folder.resolve("sub/up.md"), Path.of("../../" + outside.getFileName() + "/secret.md"));
        try (FolderSource source = new FolderSource(folder, held)) {
            assertThat(reasonFor(source, "escape-dir/secret.md")).isEqualTo("link leading out of the folder");
            assertThat(reasonFor(source, "sub/escape.md")).isEqualTo("link leading out of the folder");
            assertThat(reasonFor(source, "sub/up.md")).isEqualTo("link leading out of the folder");
            assertThat(reasonFor(source, "sub/../sub/note.md")).endsWith("a note's id never has '..' in it");
            assertThat(reasonFor(source, "../" + outside.getFileName() + "/secret.md")).endsWith("a note's id never has '..' in it");
            assertThat(reasonFor(source, outside.resolve("secret.md").toString())).endsWith("not an absolute path");
            assertThat(reasonFor(source, folder.resolve("sub/note.md").toString())).endsWith("not an absolute path");
            assertThat(reasonFor(source, "sub//note.md")).endsWith("with no empty or '.' name");
            assertThat(reasonFor(source, "./sub/note.md")).endsWith("with no empty or '.' name");
            assertThat(source.read("sub/note.md").orElseThrow().text()).isEqualTo("# note");
            assertThat(source.list()).extracting(NoteFingerprint::id).containsExactly("sub/note.md");
            assertThat(source.skipped()).containsExactly(Map.entry("link leading out of the folder", 3));
        }
    }

    private static String reasonFor(FolderSource source, String id) {
        NoteSource.UnreadableNote refused = catchThrowableOfType(() -> source.read(id), NoteSource.UnreadableNote.class);
        assertThat(refused).as(id).isNotNull().hasMessageStartingWith(id + ": ").hasMessageNotContaining("secret outside");
        return refused.reason();
    }

    /** Links that stay inside are notes like any other, listed and read alike; one in a loop is neither. */
    @ParameterizedTest(name = "held open: {0}")
    @ValueSource(booleans = {true, false})
    void linksLeadingInsideAreListedAndReadAlike(boolean held) throws Exception {
        Files.createDirectories(folder.resolve("a/b"));
        Files.writeString(folder.resolve("a/b/inner.md"), "# inner");
        Files.createSymbolicLink(folder.resolve("relative.md"), Path.of("a/b/inner.md"));
        Files.createSymbolicLink(folder.resolve("absolute.md"), folder.resolve("a/b/inner.md"));
        Files.createSymbolicLink(folder.resolve("a/b/up.md"), Path.of("../../a/./b/inner.md"));
        Files.createSymbolicLink(folder.resolve("shortcut"), Path.of("a/b"));
        Files.createSymbolicLink(folder.resolve("a/b/loop"), Path.of(".."));
        Files.createSymbolicLink(folder.resolve("a/b/self"), Path.of("../b"));
        Files.createSymbolicLink(folder.resolve("a/b/broken.md"), Path.of("nowhere.md"));
        Files.createDirectories(folder.resolve(".hidden"));
        Files.writeString(folder.resolve(".hidden/h.md"), "# hidden");
        try (FolderSource source = new FolderSource(folder, held)) {
            assertThat(source.list()).extracting(NoteFingerprint::id).containsExactly(
                    "a/b/inner.md", "a/b/up.md", "absolute.md", "relative.md", "shortcut/inner.md", "shortcut/up.md");
            assertThat(source.skipped()).containsExactly(Map.entry("link making a loop", 4));
            for (String id : new String[]{"relative.md", "absolute.md", "a/b/up.md", "shortcut/inner.md", "a/b/loop/b/inner.md"}) {
                assertThat(source.read(id)).as(id).get().extracting(Note::text).isEqualTo("# inner");
            }
            assertThat(source.read("a/b/broken.md")).isEmpty();
            assertThat(source.read(".hidden/h.md")).as("hidden, as list() hides it").isEmpty();
        }
    }

    @Test
    void tagsComeFromFrontMatterAndTheTextButNotFromCode() throws Exception {
        Files.writeString(folder.resolve("t.md"), "---\ntags: [travel, \"#japan\"]\n---\n# Title\n\nPlanning #trip/2026 and "
                + "#food. Not a tag: C# or a#b or `#code`.\n\n```sh\n# comment #nottag\n```\n");
        try (FolderSource source = new FolderSource(folder)) {
            Note note = source.read("t.md").orElseThrow();
            assertThat(note.tags()).containsExactlyInAnyOrder("travel", "japan", "trip/2026", "food");
            assertThat(note.title()).isEqualTo("t");
            assertThat(note.link()).startsWith("file:").endsWith("/t.md");
        }
    }

    /** Reading a FIFO waits for a writer for ever; a note replaced by one is refused at once, and the rest still read. */
    @Test
    void aNoteReplacedByAFifoIsRefusedWithoutWaiting() throws Exception {
        Files.writeString(folder.resolve("ok.md"), "# ok");
        Process mkfifo = new ProcessBuilder("mkfifo", folder.resolve("pipe.md").toString()).start();
        assertThat(mkfifo.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(mkfifo.exitValue()).isZero();
        try (FolderSource source = new FolderSource(folder)) {
            CompletableFuture<Throwable> read = CompletableFuture.supplyAsync(() -> {
                try {
                    source.read("pipe.md");
                    return null;
                } catch (Exception e) {
                    return e;
                }
            });
            assertThat(read.get(20, TimeUnit.SECONDS)).isInstanceOf(NoteSource.UnreadableNote.class)
                    .hasMessageContaining("pipe.md").hasMessageContaining("not a regular file");
            assertThat(source.read("ok.md")).isPresent();
            assertThat(source.list()).extracting(NoteFingerprint::id).containsExactly("ok.md");
        }
    }

    /**
     * A note swapped, again and again, between a file and a link to a file outside the folder: each read
     * gives the note's own text or refuses it, never the outside file's. Checking the path and then
     * opening it gave the outside file in about 1 read of 130.
     */
    @Test
    void aNoteSwappedForALinkOutsideIsNeverFollowed(@org.junit.jupiter.api.io.TempDir Path outside) throws Exception {
        Path secret = Files.writeString(outside.resolve("secret.md"), "# secret outside");
        Path note = folder.resolve("note.md");
        Path file = Files.writeString(folder.resolve(".file"), "# the note");
        Path link = folder.resolve(".link");
        Files.createSymbolicLink(link, secret);
        Files.copy(file, note);
        AtomicBoolean swapping = new AtomicBoolean(true);
        Thread swapper = new Thread(() -> {
            Path spare = folder.resolve(".spare");
            while (swapping.get()) {
                try {
                    Files.copy(link, spare, LinkOption.NOFOLLOW_LINKS, StandardCopyOption.REPLACE_EXISTING);
                    Files.move(spare, note, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                    Files.copy(file, spare, StandardCopyOption.REPLACE_EXISTING);
                    Files.move(spare, note, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        }, "swapper");
        swapper.start();
        int own = 0;
        try (FolderSource source = new FolderSource(folder)) {
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            for (int i = 0; i < 20_000 && System.nanoTime() < until; i++) {
                try {
                    Optional<Note> read = source.read("note.md");
                    if (read.isPresent()) {
                        assertThat(read.get().text()).as("read " + i).isEqualTo("# the note");
                        own++;
                    }
                } catch (NoteSource.UnreadableNote refused) {
                    assertThat(refused).hasMessageNotContaining("secret");
                }
            }
        } finally {
            swapping.set(false);
            swapper.join(10_000);
        }
        assertThat(own).as("the note itself was read between swaps").isPositive();
    }

    /**
     * A parent folder of a note swapped, again and again, for a link to a folder outside (as another user
     * owning that folder could): each read gives the note's own text or nothing, never the outside file's.
     * Checking the real path and then opening the path gave the outside file within a few thousand reads.
     */
    @Test
    void aParentFolderSwappedForALinkOutsideIsNeverFollowed(@org.junit.jupiter.api.io.TempDir Path outside) throws Exception {
        Files.writeString(outside.resolve("note.md"), "# secret outside");
        Path sub = Files.createDirectories(folder.resolve("shared/sub"));
        Files.writeString(sub.resolve("note.md"), "# the note");
        Path away = folder.resolve("shared/.away");
        AtomicBoolean swapping = new AtomicBoolean(true);
        CompletableFuture<Void> swapper = CompletableFuture.runAsync(() -> {
            while (swapping.get()) {
                try {
                    Files.move(sub, away, StandardCopyOption.ATOMIC_MOVE);
                    Files.createSymbolicLink(sub, outside);
                    Files.delete(sub);
                    Files.move(away, sub, StandardCopyOption.ATOMIC_MOVE);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        });
        int own = 0;
        try (FolderSource source = new FolderSource(folder)) {
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            for (int i = 0; i < 20_000 && System.nanoTime() < until && !swapper.isDone(); i++) {
                try {
                    Optional<Note> read = source.read("shared/sub/note.md");
                    if (read.isPresent()) {
                        assertThat(read.get().text()).as("read " + i).isEqualTo("# the note");
                        own++;
                    }
                } catch (NoteSource.UnreadableNote refused) {
                    assertThat(refused).hasMessageNotContaining("secret");
                }
            }
        } finally {
            swapping.set(false);
        }
        swapper.get(10, TimeUnit.SECONDS);
        assertThat(own).as("the note itself was read between swaps").isPositive();
    }

    /** The same swapping while the folder is listed: the listing never holds an outside file's name or fingerprint. */
    @Test
    void aFolderSwappedForALinkOutsideIsNeverListed(@TempDir Path outside) throws Exception {
        Files.writeString(outside.resolve("note.md"), "# secret outside, and longer");
        Files.writeString(outside.resolve("only-outside.md"), "# secret");
        Path sub = Files.createDirectories(folder.resolve("shared/sub"));
        Files.writeString(sub.resolve("note.md"), "# the note");
        Path away = folder.resolve("shared/.away");
        NoteFingerprint own;
        try (FolderSource source = new FolderSource(folder)) {
            own = source.list().get(0);
        }
        AtomicBoolean swapping = new AtomicBoolean(true);
        CompletableFuture<Void> swapper = CompletableFuture.runAsync(() -> {
            while (swapping.get()) {
                try {
                    Files.move(sub, away, StandardCopyOption.ATOMIC_MOVE);
                    Files.createSymbolicLink(sub, outside);
                    Files.delete(sub);
                    Files.move(away, sub, StandardCopyOption.ATOMIC_MOVE);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        });
        int whole = 0;
        try (FolderSource source = new FolderSource(folder)) {
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            for (int i = 0; i < 20_000 && System.nanoTime() < until && !swapper.isDone(); i++) {
                java.util.List<NoteFingerprint> listed = source.list();
                assertThat(listed).as("list " + i).isSubsetOf(own);
                whole += listed.size();
            }
        } finally {
            swapping.set(false);
        }
        swapper.get(10, TimeUnit.SECONDS);
        assertThat(whole).as("the note itself was listed between swaps").isPositive();
    }

    @Test
    void bearsTagsOfSeveralWordsAreWhole() throws Exception {
        Files.writeString(folder.resolve("b.md"), "# Party\n\n#events/birthday party# for Mum, #cake and #tea. "
                + "A #multi word# tag and #a and #b.\n#end of line#\n");
        try (FolderSource source = new FolderSource(folder)) {
            assertThat(source.read("b.md").orElseThrow().tags())
                    .containsExactlyInAnyOrder("events/birthday party", "cake", "tea", "multi word", "a", "b", "end of line");
        }
    }

    @Test
    void aMissingFolderIsNamed() {
        FolderSource source = new FolderSource(folder.resolve("nope"));
        assertThatThrownBy(source::list).isInstanceOf(SourceException.class).hasMessageContaining("nope");
    }
}
