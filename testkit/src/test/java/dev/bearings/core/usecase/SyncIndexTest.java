package dev.bearings.core.usecase;

import dev.bearings.core.chunk.Chunk;
import dev.bearings.core.chunk.ChunkingRules;
import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.note.IndexedNote;
import dev.bearings.core.markdown.MarkdownDocument;
import dev.bearings.core.markdown.MarkdownParser;
import dev.bearings.core.note.Note;
import dev.bearings.core.search.SearchFilter;
import dev.bearings.core.source.MemorySource;
import dev.bearings.core.source.NoteFingerprint;
import dev.bearings.core.source.NoteSource;
import dev.bearings.core.source.SourceException;
import dev.bearings.testkit.LineParser;
import dev.bearings.testkit.MemoryChunkIndex;
import dev.bearings.testkit.WordHashingEmbedder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/** {@link SyncIndex} on the in-memory reference store, with a stand-in embedder and the line parser. */
class SyncIndexTest {
    private static final Instant START = Instant.parse("2026-12-02T10:00:00Z");

    @TempDir
    Path folder;

    private final WordHashingEmbedder embedder = new WordHashingEmbedder(32, 64);
    private final Ticking clock = new Ticking();
    private ChunkIndex index;

    /** A clock that moves one second each time it is read. */
    private static final class Ticking extends Clock {
        private Instant now = START;

        @Override
        public Instant instant() {
            now = now.plusSeconds(1);
            return now;
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }

    @BeforeEach
    void open() throws Exception {
        index = MemoryChunkIndex.store().open(folder, recipe(IndexRecipe.Prefix.TITLED), false);
    }

    @AfterEach
    void close() {
        index.close();
    }

    private IndexRecipe recipe(IndexRecipe.Prefix prefix) {
        return IndexRecipe.of("lines", new ChunkingRules(40, 3, 5), true, prefix, "word-hashing", Map.of(), embedder);
    }

    private SyncIndex sync(IndexRecipe.Prefix prefix) {
        return sync(new LineParser(), prefix);
    }

    private SyncIndex sync(MarkdownParser parser, IndexRecipe.Prefix prefix) {
        return new SyncIndex(parser, recipe(prefix), embedder, clock);
    }

    private static Note note(String id, String text, Note.Attachment... attachments) {
        return new Note(id, "Fallback " + id, text, Set.of("work/" + id), Instant.parse("2026-03-01T00:00:00Z"),
                "file:///notes/" + id, List.of(attachments));
    }

    private static String sections(String... topics) {
        StringBuilder text = new StringBuilder("# Title\n");
        for (String topic : topics) {
            text.append("## ").append(topic).append('\n').append(("Facts about " + topic + " and more. ").repeat(3)).append('\n');
        }
        return text.toString();
    }

    private static List<String> reportCounts(SyncIndex.Report r) {
        return List.of("added " + r.added(), "changed " + r.changed(), "removed " + r.removed(), "unchanged " + r.unchanged(),
                "embedded " + r.chunksEmbedded(), "reused " + r.chunksReused(), "deferred " + r.deferred());
    }

    @Test
    void aFirstSyncAddsEveryNoteAndASecondChangesNothing() throws Exception {
        MemorySource source = new MemorySource("memory", List.of(note("a.md", sections("Tides", "Moon")),
                note("b.md", "no heading here\n")));
        SyncIndex.Report first = sync(IndexRecipe.Prefix.TITLED).sync(source, index, SyncIndex.Progress.NONE);
        assertThat(reportCounts(first)).containsExactly("added 2", "changed 0", "removed 0", "unchanged 0", "embedded 3",
                "reused 0", "deferred 0");
        assertThat(first.source()).isEqualTo("memory");
        assertThat(first.took()).isPositive();
        assertThat(index.stats().lastSync()).isPresent();
        assertThat(index.versions("memory")).containsOnlyKeys("a.md", "b.md");
        IndexedNote a = index.notes().get(0);
        assertThat(a).isEqualTo(new IndexedNote("memory", "a.md", source.list().get(0).version(), "Title",
                Set.of("work/a.md"), Instant.parse("2026-03-01T00:00:00Z"), "file:///notes/a.md"));
        assertThat(index.notes().get(1).title()).as("no level-1 heading: the source's title").isEqualTo("Fallback b.md");
        assertThat(embedder.embedded()).isEqualTo(3);

        SyncIndex.Report second = sync(IndexRecipe.Prefix.TITLED).sync(source, index, SyncIndex.Progress.NONE);
        assertThat(reportCounts(second)).containsExactly("added 0", "changed 0", "removed 0", "unchanged 2", "embedded 0",
                "reused 0", "deferred 0");
        assertThat(embedder.embedded()).as("nothing embedded again").isEqualTo(3);
    }

    @Test
    void chunksCarryTheirHeadingPathLinesAndTextAndAreEmbeddedBehindTitleAndPath() throws Exception {
        String text = sections("Tides", "Moon");
        sync(IndexRecipe.Prefix.TITLED).sync(new MemorySource("memory", List.of(note("a.md", text))), index,
                SyncIndex.Progress.NONE);
        var hits = index.nearest(embedder.embed("Title > Moon\n\n## Moon\n" + "Facts about Moon and more. ".repeat(3).strip())
                .vector(), 5, SearchFilter.NONE);
        assertThat(hits.get(0).score()).as("the chunk was embedded exactly as title > path, blank line, text").isCloseTo(1.0,
                org.assertj.core.api.Assertions.within(1e-6));
        var moon = hits.get(0).chunk();
        assertThat(moon.headingPath()).isEqualTo("# Title > ## Moon");
        assertThat(moon.startLine()).isEqualTo(4);
        assertThat(moon.endLine()).isEqualTo(5);
        assertThat(moon.text()).startsWith("## Moon\nFacts about Moon").doesNotEndWith("\n");
        assertThat(moon.ordinal()).isEqualTo(1);
        assertThat(moon.attachment()).isEmpty();
        String embedded = "Title > Moon\n\n" + moon.text();
        assertThat(index.vectorsByHash(List.of(SyncIndex.sha256(embedded)))).hasSize(1);
    }

    @Test
    void withoutAPrefixTheChunkTextAloneIsEmbeddedAndEqualTextsShareOneVector() throws Exception {
        String text = "one shared paragraph about lighthouses\n";
        MemorySource source = new MemorySource("memory", List.of(note("a.md", text), note("b.md", text)));
        SyncIndex.Report report = sync(IndexRecipe.Prefix.NONE).sync(source, index, SyncIndex.Progress.NONE);
        assertThat(report.chunksEmbedded()).isOne();
        assertThat(report.chunksReused()).isOne();
        assertThat(index.vectorsByHash(List.of(SyncIndex.sha256(text.strip())))).hasSize(1);
    }

    @Test
    void anEditEmbedsOnlyTheChangedChunkAndReusesTheOthers() throws Exception {
        sync(IndexRecipe.Prefix.TITLED).sync(new MemorySource("memory", List.of(note("a.md", sections("Tides", "Moon", "Wind")),
                note("b.md", sections("Rain")))), index, SyncIndex.Progress.NONE);
        int before = embedder.embedded();
        SyncIndex.Report edited = sync(IndexRecipe.Prefix.TITLED).sync(new MemorySource("memory",
                List.of(note("a.md", sections("Tides", "Sun", "Wind")), note("b.md", sections("Rain")))), index, SyncIndex.Progress.NONE);
        assertThat(reportCounts(edited)).containsExactly("added 0", "changed 1", "removed 0", "unchanged 1", "embedded 1",
                "reused 2", "deferred 0");
        assertThat(embedder.embedded() - before).isOne();
    }

    @Test
    void notesGoneFromTheSourceLeaveTheIndex() throws Exception {
        sync(IndexRecipe.Prefix.TITLED).sync(new MemorySource("memory", List.of(note("a.md", "alpha\n"), note("b.md", "beta\n"))),
                index, SyncIndex.Progress.NONE);
        SyncIndex.Report report = sync(IndexRecipe.Prefix.TITLED).sync(new MemorySource("memory", List.of(note("a.md", "alpha\n"))),
                index, SyncIndex.Progress.NONE);
        assertThat(reportCounts(report)).containsExactly("added 0", "changed 0", "removed 1", "unchanged 1", "embedded 0",
                "reused 0", "deferred 0");
        assertThat(index.versions("memory")).containsOnlyKeys("a.md");
        assertThat(index.stats().chunks()).isOne();
    }

    /** A source with one note that cannot be read and one that vanishes between listing and reading. */
    private static class Troubled implements NoteSource {
        private final Map<String, String> versions;
        private final Map<String, Note> notes = new LinkedHashMap<>();

        Troubled(Map<String, String> versions, Note... readable) {
            this.versions = versions;
            for (Note note : readable) {
                notes.put(note.id(), note);
            }
        }

        @Override
        public String name() {
            return "troubled";
        }

        @Override
        public List<NoteFingerprint> list() {
            List<NoteFingerprint> listed = new ArrayList<>();
            versions.forEach((id, version) -> listed.add(new NoteFingerprint(id, version)));
            return listed;
        }

        @Override
        public Optional<Note> read(String id) throws UnreadableNote {
            if (id.startsWith("bad")) {
                throw new UnreadableNote(id, "is not valid UTF-8");
            }
            return Optional.ofNullable(notes.get(id));
        }

        @Override
        public Map<String, Integer> skipped() {
            return Map.of("trashed", 2);
        }

        @Override
        public void close() {
        }
    }

    @Test
    void unreadableAndVanishedNotesAreSkippedWithReasonsAndAnOldVersionOfAnUnreadableNoteLeaves() throws Exception {
        Map<String, String> versions = new LinkedHashMap<>();
        versions.put("bad.md", "v1");
        versions.put("good.md", "v1");
        sync(IndexRecipe.Prefix.TITLED).sync(new MemorySource("troubled", List.of(note("bad.md", "was fine once\n"))), index,
                SyncIndex.Progress.NONE);
        assertThat(index.versions("troubled")).containsOnlyKeys("bad.md");
        versions.put("gone.md", "v1");
        SyncIndex.Report report = sync(IndexRecipe.Prefix.TITLED).sync(new Troubled(versions, note("good.md", "fine\n")), index,
                SyncIndex.Progress.NONE);
        assertThat(report.skipped()).containsOnly(entry("trashed", 2), entry("is not valid UTF-8", 1),
                entry("vanished while indexing", 1));
        assertThat(report.unreadable()).containsExactly("bad.md: is not valid UTF-8");
        assertThat(report.added()).isOne();
        assertThat(index.versions("troubled")).containsOnly(entry("good.md", "v1"));
    }

    @Test
    void aNoteThatBreaksTheParserIsOneUnreadableNoteNotAFailedRun() throws Exception {
        MarkdownParser fragile = markdown -> {
            if (markdown.contains("overflow")) {
                throw new StackOverflowError();
            }
            if (markdown.contains("crash")) {
                throw new IllegalStateException("boom");
            }
            return new LineParser().parse(markdown);
        };
        MemorySource source = new MemorySource("memory", List.of(note("deep.md", "overflow\n"), note("odd.md", "crash\n"),
                note("fine.md", "fine\n")));
        SyncIndex.Report report = sync(fragile, IndexRecipe.Prefix.TITLED).sync(source, index, SyncIndex.Progress.NONE);
        assertThat(report.added()).isOne();
        assertThat(report.unreadable()).containsExactly("deep.md: is nested too deeply to parse",
                "odd.md: cannot be parsed (boom)");
        assertThat(index.versions("memory")).containsOnlyKeys("fine.md");
        assertThat(index.stats().lastSync()).as("skipping notes still completes the sync").isPresent();
    }

    /** Such a note was once skipped as one that "cannot be parsed (IllegalStateException)". */
    @Test
    void aHeadingLongerThanTheWindowIsCutInThePrefixAndItsNoteIsIndexed() throws Exception {
        String heading = IntStream.rangeClosed(1, 600).mapToObj(i -> "w" + i).collect(Collectors.joining(" "));
        Note note = note("long.md", "# " + heading + "\nthe text under it\n");
        SyncIndex.Report report = sync(IndexRecipe.Prefix.TITLED).sync(new MemorySource("memory", List.of(note)), index,
                SyncIndex.Progress.NONE);
        assertThat(report.unreadable()).isEmpty();
        assertThat(report.added()).isOne();
        IndexRecipe recipe = recipe(IndexRecipe.Prefix.TITLED);
        List<Chunk> chunks = recipe.chunker(embedder).chunk(MarkdownDocument.parse(note.text(), new LineParser()),
                recipe.prefix(heading));
        assertThat(chunks).hasSize(report.chunksEmbedded()).allSatisfy(c -> {
            assertThat(c.prefix()).startsWith("w1 w2 ");
            assertThat(embedder.countTokens(c.embedded())).isLessThanOrEqualTo(embedder.maxTokens());
            assertThat(index.vectorsByHash(List.of(SyncIndex.sha256(c.embedded())))).as("embedded as cut").hasSize(1);
        });
    }

    @Test
    void attachmentsAreIndexedUnderTheirNameBehindTheNoteTitle() throws Exception {
        Note withScan = note("a.md", "# Receipts\nthe note itself\n", new Note.Attachment("scan.png", "total 42 euros\n"));
        sync(IndexRecipe.Prefix.TITLED).sync(new MemorySource("memory", List.of(withScan)), index, SyncIndex.Progress.NONE);
        var hits = index.nearest(embedder.embed("Receipts > attachment scan.png\n\ntotal 42 euros").vector(), 5,
                SearchFilter.NONE);
        assertThat(hits.get(0).score()).isCloseTo(1.0, org.assertj.core.api.Assertions.within(1e-6));
        assertThat(hits.get(0).chunk().attachment()).isEqualTo("scan.png");
        assertThat(hits.get(0).chunk().ordinal()).isOne();
        assertThat(hits).extracting(h -> h.chunk().attachment()).containsExactlyInAnyOrder("scan.png", "");
    }

    @Test
    void progressHearsThePlanAndEachNote() throws Exception {
        List<String> heard = new ArrayList<>();
        SyncIndex.Progress progress = new SyncIndex.Progress() {
            @Override
            public void planned(int notesToIndex) {
                heard.add("planned " + notesToIndex);
            }

            @Override
            public void noteDone(String noteId, int chunks) {
                heard.add(noteId + " " + chunks);
            }
        };
        sync(IndexRecipe.Prefix.TITLED).sync(new MemorySource("memory", List.of(note("a.md", sections("Tides", "Moon")),
                note("b.md", "beta\n"))), index, progress);
        assertThat(heard).containsExactly("planned 2", "a.md 2", "b.md 1");
    }

    @Test
    void aDeadlineDefersTheRestToTheNextSyncWhichCompletesIt() throws Exception {
        List<Note> notes = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            notes.add(note("n" + i + ".md", "fact number " + i + "\n"));
        }
        MemorySource source = new MemorySource("memory", notes);
        SyncIndex.Report first = sync(IndexRecipe.Prefix.TITLED).sync(source, index, SyncIndex.Progress.NONE, clock.instant());
        assertThat(reportCounts(first)).containsExactly("added 16", "changed 0", "removed 0", "unchanged 0", "embedded 16",
                "reused 0", "deferred 24");
        assertThat(index.stats().lastSync()).as("an unfinished sync is not marked done").isEmpty();
        assertThat(SyncIndex.changes(source, index).pending()).hasSize(24);
        SyncIndex.Report second = sync(IndexRecipe.Prefix.TITLED).sync(source, index, SyncIndex.Progress.NONE,
                clock.instant().plus(Duration.ofHours(1)));
        assertThat(reportCounts(second)).containsExactly("added 24", "changed 0", "removed 0", "unchanged 16", "embedded 24",
                "reused 0", "deferred 0");
        assertThat(index.stats().lastSync()).isPresent();
    }

    @Test
    void changesListWhatIsNewChangedAndGoneWithoutReadingAnyNote() throws Exception {
        sync(IndexRecipe.Prefix.TITLED).sync(new MemorySource("memory", List.of(note("a.md", "alpha\n"), note("b.md", "beta\n"))),
                index, SyncIndex.Progress.NONE);
        Map<String, String> versions = new LinkedHashMap<>();
        versions.put("a.md", index.versions("memory").get("a.md"));
        versions.put("c.md", "new");
        NoteSource listOnly = new Troubled(versions) {
            @Override
            public String name() {
                return "memory";
            }

            @Override
            public Optional<Note> read(String id) {
                throw new AssertionError("a change check reads no note");
            }
        };
        SyncIndex.Changes changes = SyncIndex.changes(listOnly, index);
        assertThat(changes.listed()).extracting(NoteFingerprint::id).containsExactly("a.md", "c.md");
        assertThat(changes.pending()).extracting(NoteFingerprint::id).containsExactly("c.md");
        assertThat(changes.gone()).containsExactly("b.md");
        assertThat(changes.isEmpty()).isFalse();
        assertThat(new SyncIndex.Changes(List.of(), List.of(), List.of()).isEmpty()).isTrue();
        assertThat(new SyncIndex.Changes(List.of(), List.of(), List.of("x")).isEmpty()).isFalse();
    }

    @Test
    void aSourceThatCannotBeListedFailsTheSyncAndChangesNothing() throws Exception {
        sync(IndexRecipe.Prefix.TITLED).sync(new MemorySource("memory", List.of(note("a.md", "alpha\n"))), index,
                SyncIndex.Progress.NONE);
        NoteSource failing = new NoteSource() {
            @Override
            public String name() {
                return "memory";
            }

            @Override
            public List<NoteFingerprint> list() throws SourceException {
                throw new SourceException("the database is locked");
            }

            @Override
            public Optional<Note> read(String id) {
                return Optional.empty();
            }

            @Override
            public Map<String, Integer> skipped() {
                return Map.of();
            }

            @Override
            public void close() {
            }
        };
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> sync(IndexRecipe.Prefix.TITLED).sync(failing, index,
                SyncIndex.Progress.NONE)).isInstanceOf(SourceException.class).hasMessageContaining("locked");
        assertThat(index.versions("memory")).containsOnlyKeys("a.md");
    }

    @Test
    void contentHashesAreSha256InHex() {
        assertThat(SyncIndex.sha256("abc")).isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assertThat(SyncIndex.sha256("")).isEqualTo("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    }
}
