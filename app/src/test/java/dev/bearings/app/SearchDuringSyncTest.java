package dev.bearings.app;

import dev.bearings.app.folder.IndexLock;
import dev.bearings.app.index.SourcesSync;
import dev.bearings.app.index.LiveIndex;
import dev.bearings.app.testing.ExampleIndex;
import dev.bearings.app.testing.HeldModel;
import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.search.KeywordSearch;
import dev.bearings.core.search.RankedChunk;
import dev.bearings.core.search.SearchFilter;
import dev.bearings.core.usecase.SyncIndex;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Searches while another writer (a {@code bearings index} beside a server) rewrites every note: a live
 * index's reader (the MCP server's and the served search's) and a reader opened afresh for each search
 * (the command line's) answer while the sync runs; those answers show notes of the old version and notes
 * of the new one (the sync was caught half-way), and each note in an answer is wholly one version.
 * The writer waits two thirds of the way through until both readers have answered, so the searches meet
 * the run half-way however fast or slow the machine; the searches are by keyword, so a stand-in for the
 * model serves.
 */
class SearchDuringSyncTest {
    /** Two chunks each: 96 chunks, all of them in every answer, and a commit of the Lucene store (every 32 notes) inside the run. */
    private static final int NOTES = 48;
    private static final String QUERY = "lighthouse keeper lens lamp log edition";
    /**
     * The writer's embeddings let pass before it is held: a round is 16 notes, and Lucene commits every 32, so
     * the third round waits with two thirds of the run written and committed.
     */
    private static final int ROUNDS_BEFORE_THE_HOLD = 2;

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "lucene"})
    void searchesDuringASyncSeeEachNoteWhole(String store, @TempDir Path root) throws Exception {
        Path notes = Files.createDirectories(root.resolve("notes"));
        write(notes, "first");
        HeldModel model = new HeldModel(ExampleIndex.standIn());
        try (ExampleIndex example = ExampleIndex.of(notes, root.resolve("index"), store, model)) {
            LiveIndex live = example.index();
            live.syncAll();
            write(notes, "second");
            Seen served = new Seen();
            Seen fresh = new Seen();
            model.holdAfter(ROUNDS_BEFORE_THE_HOLD);
            CompletableFuture<List<SyncIndex.Report>> run = CompletableFuture.supplyAsync(() -> {
                // Another process's writer: its own lock and its own connection to the index.
                try (IndexLock lock = IndexLock.acquire(example.folder(), ExampleIndex.store(store));
                     ChunkIndex writer = ExampleIndex.store(store).open(example.folder(), example.recipe(), false)) {
                    return SourcesSync.run(live.sources(), ExampleIndex.sources(), example.folder(), writer,
                            new SyncIndex(live.parser(), example.recipe(), model, Clock.systemUTC()), Instant.MAX,
                            SourcesSync.Listener.NONE);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            searchUntilDone(example, store, run, model, () -> !run.isDone(), served, fresh);
            assertThat(run.get(30, TimeUnit.SECONDS)).extracting(SyncIndex.Report::changed).containsExactly(NOTES);
            served.assertTheRunWasCaughtHalfWay();
            fresh.assertTheRunWasCaughtHalfWay();
            List<RankedChunk> after = live.exclusively(() -> keywords(live.reader()));
            assertThat(after).hasSize(2 * NOTES).allSatisfy(hit -> assertThat(hit.chunk().text()).contains("second edition"));
        }
    }

    /**
     * A rebuild (every note written again) beside searches: until it is published they see the index
     * as it was, every note of it, never the rebuild half done; then the rebuilt one.
     */
    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "lucene"})
    void searchesDuringARebuildSeeTheIndexAsItWasUntilItIsPublished(String store, @TempDir Path root) throws Exception {
        Path notes = Files.createDirectories(root.resolve("notes"));
        write(notes, "first");
        HeldModel model = new HeldModel(ExampleIndex.standIn());
        try (ExampleIndex example = ExampleIndex.of(notes, root.resolve("index"), store, model)) {
            LiveIndex live = example.index();
            live.syncAll();
            write(notes, "second");
            Seen served = new Seen();
            Seen fresh = new Seen();
            model.holdAfter(ROUNDS_BEFORE_THE_HOLD);
            // Set before the rebuild is published, read after a search returns: false then, the search saw no publishing.
            java.util.concurrent.atomic.AtomicBoolean publishing = new java.util.concurrent.atomic.AtomicBoolean();
            CompletableFuture<List<SyncIndex.Report>> run = CompletableFuture.supplyAsync(() -> {
                try (IndexLock lock = IndexLock.acquire(example.folder(), ExampleIndex.store(store));
                     ChunkIndex writer = ExampleIndex.store(store).open(example.folder(), example.recipe(), true)) {
                    List<SyncIndex.Report> reports = SourcesSync.run(live.sources(), ExampleIndex.sources(), example.folder(), writer,
                            new SyncIndex(live.parser(), example.recipe(), model, Clock.systemUTC()), Instant.MAX,
                            SourcesSync.Listener.NONE);
                    publishing.set(true);
                    writer.publish();
                    return reports;
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            searchUntilDone(example, store, run, model, () -> !publishing.get(), served, fresh);
            assertThat(run.get(30, TimeUnit.SECONDS)).extracting(SyncIndex.Report::added).containsExactly(NOTES);
            served.assertOnlyTheOldVersionWasSeen();
            fresh.assertOnlyTheOldVersionWasSeen();
            long until = System.nanoTime() + Duration.ofMinutes(1).toNanos();
            List<RankedChunk> after = live.exclusively(() -> keywords(live.reader()));
            while (after.stream().anyMatch(hit -> !hit.chunk().text().contains("second edition")) && System.nanoTime() < until) {
                Thread.sleep(100);
                after = live.exclusively(() -> keywords(live.reader()));
            }
            assertThat(after).as("the rebuilt index, once published").hasSize(2 * NOTES)
                    .allSatisfy(hit -> assertThat(hit.chunk().text()).contains("second edition"));
        }
    }

    /**
     * Searches through the live index's reader (a server's) and a reader opened afresh (the command line's)
     * until {@code run} is done, within 3 minutes, and lets the held writer go on once both have answered
     * while it waited; {@code during}, read after each search, says whether the search counts as one made
     * while the run was under way.
     */
    private static void searchUntilDone(ExampleIndex example, String store, CompletableFuture<?> run, HeldModel writer,
                                        java.util.function.BooleanSupplier during, Seen served, Seen fresh) throws Exception {
        LiveIndex live = example.index();
        long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
        try {
            while (!run.isDone() && System.nanoTime() < deadline) {
                boolean writerWaits = writer.isHeld();
                List<RankedChunk> viaServer = live.exclusively(() -> keywords(live.reader()));
                served.answer(viaServer, during.getAsBoolean());
                try (ChunkIndexReader reader = ExampleIndex.store(store).openExisting(example.folder())) {
                    List<RankedChunk> hits = keywords(reader);
                    fresh.answer(hits, during.getAsBoolean());
                }
                if (writerWaits) {
                    writer.release();
                }
            }
        } finally {
            // A failed answer must not leave the writer holding the index until its hold runs out.
            writer.release();
        }
    }

    private static List<RankedChunk> keywords(ChunkIndexReader reader) {
        return ((KeywordSearch) reader).keywords(QUERY, 400, SearchFilter.NONE);
    }

    private static void write(Path notes, String version) throws Exception {
        for (int i = 0; i < NOTES; i++) {
            StringBuilder text = new StringBuilder("# Lighthouse " + i + "\n\n");
            for (String part : new String[]{"Lamp", "Keeper"}) {
                text.append("## ").append(part).append("\n\n").append(("The lighthouse " + part.toLowerCase()
                        + " log, " + version + " edition, entry " + i + ". ").repeat(18)).append("\n\n");
            }
            Path file = notes.resolve("lighthouse-" + i + ".md");
            Files.writeString(file, text);
            Files.setLastModifiedTime(file, FileTime.fromMillis(System.currentTimeMillis() + (version.equals("first") ? 0 : 60_000)));
        }
    }

    /** What the answers given while the run was alive showed. */
    private static final class Seen {
        private int answers;
        private boolean oldVersion;
        private boolean newVersion;

        /** Checks that each note in one answer is wholly one version, and records which versions it held. */
        void answer(List<RankedChunk> hits, boolean duringTheRun) {
            Map<String, String> versionOfNote = new HashMap<>();
            for (RankedChunk hit : hits) {
                String version = hit.chunk().text().contains("second edition") ? "second" : "first";
                String earlier = versionOfNote.putIfAbsent(hit.chunk().note().id(), version);
                assertThat(earlier == null ? version : earlier).as("chunks of %s in one answer", hit.chunk().note().id())
                        .isEqualTo(version);
            }
            assertThat(versionOfNote).as("every note is in every answer").hasSize(NOTES);
            if (duringTheRun) {
                answers++;
                oldVersion |= versionOfNote.containsValue("first");
                newVersion |= versionOfNote.containsValue("second");
            }
        }

        void assertOnlyTheOldVersionWasSeen() {
            assertThat(answers).as("searches answered while the rebuild was alive").isPositive();
            assertThat(oldVersion).isTrue();
            assertThat(newVersion).as("an answer during the rebuild had notes of the rebuild").isFalse();
        }

        void assertTheRunWasCaughtHalfWay() {
            assertThat(answers).as("searches answered while the run was alive").isPositive();
            assertThat(oldVersion).as("an answer during the run still had notes of the old version").isTrue();
            assertThat(newVersion).as("an answer during the run already had notes of the new version").isTrue();
        }
    }
}
