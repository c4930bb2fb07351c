package dev.bearings.app.index;

import dev.bearings.app.folder.IndexLock;
import dev.bearings.app.source.SourcesConfig;
import dev.bearings.app.testing.ExampleIndex;
import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.note.IndexedNote;
import dev.bearings.core.source.SourceException;
import dev.bearings.core.usecase.SyncIndex;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Every configured source synced into an index: one that cannot be read is said and passed over, the others
 * synced and remembered; a source removed by its short name or its id takes its notes with it.
 */
class SourcesSyncTest {

    private static SourcesConfig.Source folder(String name, Path path) {
        return new SourcesConfig.Source(name, "folder", Map.of("path", path.toString()));
    }

    @Test
    void aSourceThatCannotBeReadIsSaidAndTheOthersAreSyncedAndRemembered(@TempDir Path root) throws Exception {
        try (ExampleIndex example = ExampleIndex.in(root)) {
            Path gone = root.resolve("unplugged");
            SourcesConfig config = new SourcesConfig(List.of(folder("gone", gone), folder("notes", example.notes())), Map.of());
            List<String> heard = new ArrayList<>();
            SourcesSync.Listener listener = new SourcesSync.Listener() {
                @Override
                public SyncIndex.Progress starting(String source) {
                    heard.add("starting " + source);
                    return SyncIndex.Progress.NONE;
                }

                @Override
                public void done(SyncIndex.Report report) {
                    heard.add("done " + report.source());
                }

                @Override
                public void failed(String source, SourceException why) {
                    heard.add("failed " + source + ": " + why.problem());
                }
            };
            LiveIndex live = example.index();
            List<SyncIndex.Report> reports;
            try (IndexLock lock = IndexLock.acquire(example.folder(), ExampleIndex.store());
                 ChunkIndex index = ExampleIndex.store().open(example.folder(), example.recipe(), false)) {
                reports = SourcesSync.run(config, ExampleIndex.sources(), example.folder(), index,
                        new SyncIndex(live.parser(), example.recipe(), live.embedder(), Clock.systemUTC()), Instant.MAX, listener);
            }
            String notes = "folder:" + example.notes();
            assertThat(reports).extracting(SyncIndex.Report::source, SyncIndex.Report::added)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple(notes, 5));
            assertThat(heard).containsExactly("starting folder:" + gone, "failed folder:" + gone + ": MISSING", "starting " + notes,
                    "done " + notes);
            SourcesConfig remembered = SourcesConfig.read(example.folder());
            assertThat(remembered.sources()).isEqualTo(config.sources());
            assertThat(remembered.synced()).containsOnlyKeys(notes);
            assertThat(remembered.skipped()).containsOnlyKeys(notes);
            assertThat(SourcesSync.names(remembered, ExampleIndex.sources())).containsExactly("folder:" + gone, notes);
        }
    }

    @Test
    void aRemovedSourceTakesItsNotesWithIt(@TempDir Path root) throws Exception {
        Path other = Files.createDirectories(root.resolve("other"));
        Files.writeString(other.resolve("one.md"), "# One\n\nThe first.\n");
        Files.writeString(other.resolve("two.md"), "# Two\n\nThe second.\n");
        try (ExampleIndex example = ExampleIndex.in(root)) {
            Path folder = example.folder();
            SourcesConfig.read(folder).withAdded(folder("other", other)).write(folder);
            example.index().syncAll();
            assertThat(example.index().reader().notes()).hasSize(7);

            assertThatThrownBy(() -> SourcesSync.remove(folder, ExampleIndex.store(), ExampleIndex.sources(), "nope"))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("the index has no source nope; it has notes (folder:" + example.notes() + "), other (folder:" + other + ")");
            assertThat(SourcesSync.remove(folder, ExampleIndex.store(), ExampleIndex.sources(), "other")).isEqualTo(2);
            assertThat(SourcesConfig.read(folder).sources()).extracting(SourcesConfig.Source::name).containsExactly("notes");
            assertThat(example.index().reader().notes()).extracting(IndexedNote::source).containsOnly("folder:" + example.notes());

            assertThat(SourcesSync.remove(folder, ExampleIndex.store(), ExampleIndex.sources(), "folder:" + example.notes()))
                    .as("by its id").isEqualTo(5);
            assertThat(SourcesConfig.read(folder).isEmpty()).isTrue();
            assertThat(example.index().reader().notes()).isEmpty();
            assertThatThrownBy(() -> SourcesSync.remove(folder, ExampleIndex.store(), ExampleIndex.sources(), "notes"))
                    .hasMessage("the index has no source notes; it has none");
        }
    }

    @Test
    void theNotesOfASourceNoLongerConfiguredAreRemovedByItsId(@TempDir Path root) throws Exception {
        try (ExampleIndex example = ExampleIndex.synced(root)) {
            Path folder = example.folder();
            new SourcesConfig(List.of(), Map.of()).write(folder);
            String id = "folder:" + example.notes();
            assertThat(SourcesSync.remove(folder, ExampleIndex.store(), ExampleIndex.sources(), id)).isEqualTo(5);
            assertThat(example.index().reader().notes()).isEmpty();
        }
    }

    @Test
    void theChangesSinceTheLastSyncAreCountedWithoutSyncing(@TempDir Path root) throws Exception {
        try (ExampleIndex example = ExampleIndex.synced(root)) {
            SourcesConfig config = example.index().sources();
            assertThat(SourcesSync.changedSince(config, ExampleIndex.sources(), example.index().reader())).isZero();
            Files.writeString(example.notes().resolve("printer.md"), "# Office printer\n");
            Files.writeString(example.notes().resolve("vpn-setup.md"), "# VPN\n\nGone to port 51821.\n");
            Files.delete(example.notes().resolve("backups.md"));
            assertThat(SourcesSync.changedSince(config, ExampleIndex.sources(), example.index().reader())).isEqualTo(3);
            assertThat(example.index().reader().notes()).extracting(IndexedNote::id).contains("backups.md");
        }
    }
}
