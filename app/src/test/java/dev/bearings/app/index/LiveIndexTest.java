package dev.bearings.app.index;

import dev.bearings.app.folder.IndexLock;
import dev.bearings.app.source.SourcesConfig;
import dev.bearings.app.testing.ExampleIndex;
import dev.bearings.core.note.IndexedNote;
import dev.bearings.core.usecase.SyncIndex;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A live index on the example notes: a search's check syncs what changed and nothing when nothing did, and
 * searches what is there when another writer holds the index; a full sync says why it cannot run; those
 * who follow the index hear of each write; a note is read afresh from its source.
 */
class LiveIndexTest {

    @Test
    void aCheckSyncsWhatChangedAndNothingWhenNothingDid(@TempDir Path root) throws Exception {
        try (ExampleIndex example = ExampleIndex.synced(root)) {
            LiveIndex index = example.index();
            AtomicInteger reopened = new AtomicInteger();
            index.onReopen(reopened::incrementAndGet);
            assertThat(index.refresh(Instant.MAX)).isEqualTo(LiveIndex.Freshness.FRESH);
            assertThat(index.pendingChanges()).isZero();

            Files.writeString(example.notes().resolve("printer.md"), "# Office printer\n\nIts address is 10.0.0.42.\n");
            Files.delete(example.notes().resolve("backups.md"));
            assertThat(index.pendingChanges()).isEqualTo(2);
            int before = reopened.get();
            assertThat(index.refresh(Instant.MAX)).isEqualTo(new LiveIndex.Freshness(2, 0, false));
            assertThat(reopened.get()).as("the write was seen at once").isGreaterThan(before);
            assertThat(index.pendingChanges()).isZero();
            assertThat(index.reader().notes()).extracting(IndexedNote::id).contains("printer.md").doesNotContain("backups.md");
        }
    }

    @Test
    void aCheckPastItsBudgetLeavesTheChangesForTheNext(@TempDir Path root) throws Exception {
        try (ExampleIndex example = ExampleIndex.synced(root)) {
            // More than a sync's first round of notes, which it writes whatever the deadline.
            int many = 40;
            for (int i = 0; i < many; i++) {
                Files.writeString(example.notes().resolve("kayak-" + i + ".md"), "# Kayak " + i + "\n\nPaddles in the shed.\n");
            }
            LiveIndex.Freshness late = example.index().refresh(Instant.EPOCH);
            assertThat(late.busy()).isFalse();
            assertThat(late.synced()).isPositive();
            assertThat(late.deferred()).isEqualTo(many - late.synced()).isPositive();
            assertThat(example.index().refresh(Instant.MAX)).isEqualTo(new LiveIndex.Freshness(late.deferred(), 0, false));
        }
    }

    @Test
    void anotherWriterMakesTheCheckBusyAndTheFullSyncSaySo(@TempDir Path root) throws Exception {
        try (ExampleIndex example = ExampleIndex.synced(root)) {
            try (IndexLock writer = IndexLock.acquire(example.folder(), ExampleIndex.store())) {
                assertThat(example.index().refresh(Instant.MAX)).as("nothing changed: the writer is not waited for")
                        .isEqualTo(LiveIndex.Freshness.FRESH);
                Files.writeString(example.notes().resolve("printer.md"), "# Office printer\n");
                assertThat(example.index().refresh(Instant.MAX)).isEqualTo(new LiveIndex.Freshness(0, 0, true));
                assertThatThrownBy(() -> example.index().syncAll()).isInstanceOf(IllegalStateException.class)
                        .hasMessage(new IndexLock.HeldElsewhere(example.folder()).getMessage());
            }
            assertThat(example.index().syncAll()).extracting(SyncIndex.Report::added).containsExactly(1);
        }
    }

    @Test
    void anIndexWithoutSourcesIsFreshAndCannotBeSynced(@TempDir Path root) throws Exception {
        Path folder = root.resolve("index");
        try (ExampleIndex example = ExampleIndex.open(root, folder)) {
            assertThat(example.index().sources().isEmpty()).isTrue();
            assertThat(example.index().refresh(Instant.MAX)).isEqualTo(LiveIndex.Freshness.FRESH);
            assertThatThrownBy(() -> example.index().syncAll()).isInstanceOf(IllegalStateException.class)
                    .hasMessage("no sources are configured for this index: run bearings index --folder DIR (or --bear) once");
            assertThat(IndexWatch.start(example.index(), line -> { })).as("nothing to watch").isEmpty();
        }
    }

    @Test
    void aWatchSyncsWhatChangedAtItsStartAndNothingOnceClosed(@TempDir Path root) throws Exception {
        try (ExampleIndex example = ExampleIndex.synced(root)) {
            Files.writeString(example.notes().resolve("printer.md"), "# Office printer\n\nIts address is 10.0.0.42.\n");
            List<String> lines = new CopyOnWriteArrayList<>();
            try (IndexWatch watch = IndexWatch.start(example.index(), lines::add).orElseThrow()) {
                Instant deadline = Instant.now().plusSeconds(30);
                while (lines.isEmpty() && Instant.now().isBefore(deadline)) {
                    Thread.sleep(20);
                }
                assertThat(lines).singleElement().asString().contains("1 note added");
            }
            Files.writeString(example.notes().resolve("kayak.md"), "# Kayak\n\nPaddles in the shed.\n");
            // Longer than the watch takes to see a change (a second's poll, a quiet second) and sync one note.
            Thread.sleep(4_000);
            assertThat(lines).as("closed: the watch is over").hasSize(1);
            assertThat(example.index().pendingChanges()).isEqualTo(1);
        }
    }

    @Test
    void anIndexNotBuiltYetIsBuiltByTheFirstCheck(@TempDir Path root) throws Exception {
        try (ExampleIndex example = ExampleIndex.in(root)) {
            assertThat(example.index().refresh(Instant.MAX)).isEqualTo(new LiveIndex.Freshness(5, 0, false));
            assertThat(example.index().reader().notes()).hasSize(5);
        }
    }

    @Test
    void aNoteIsReadAfreshFromItsSourceAndTheSourcesAreNamed(@TempDir Path root) throws Exception {
        try (ExampleIndex example = ExampleIndex.synced(root)) {
            LiveIndex index = example.index();
            IndexedNote vpn = index.reader().notes().stream().filter(n -> n.id().equals("vpn-setup.md")).findFirst().orElseThrow();
            Files.writeString(example.notes().resolve("vpn-setup.md"), "# VPN\n\nNow on port 51821.\n");
            assertThat(index.read(vpn)).hasValueSatisfying(note -> assertThat(note.text()).contains("51821"));
            String id = "folder:" + example.notes();
            assertThat(index.sourceNames()).containsExactly(id);
            assertThat(index.sourceIds()).isEqualTo(Map.of("notes", id));
            assertThat(index.openSources()).singleElement().satisfies(source -> {
                try (source) {
                    assertThat(source.name()).isEqualTo(id);
                }
            });
            assertThat(index.folder()).isEqualTo(example.folder());
            assertThat(index.recipe()).isEqualTo(example.recipe());
            new SourcesConfig(List.of(), Map.of()).write(example.folder());
            assertThat(index.read(vpn)).as("a source no longer configured is not read").isEmpty();
        }
    }
}
