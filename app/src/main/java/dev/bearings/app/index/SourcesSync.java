package dev.bearings.app.index;

import dev.bearings.app.folder.IndexLock;
import dev.bearings.app.source.SourcesConfig;
import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.plugin.NoteSourceProvider;
import dev.bearings.core.plugin.ProviderRegistry;
import dev.bearings.core.source.NoteSource;
import dev.bearings.core.source.SourceException;
import dev.bearings.core.usecase.SyncIndex;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Syncs every configured source into an open index, for {@code bearings index} and the MCP server
 * alike. The sources are remembered beside the index before anything is written, so a run killed
 * half-way is completed by a plain rerun, and what each source skipped is remembered after it. A
 * source that cannot be synced is reported and passed over; its notes stay in the index until it is
 * back or forgotten ({@link #forget}).
 */
public final class SourcesSync {

    /** Hears about each source: a progress listener while it syncs, its report when done. */
    public interface Listener {
        public Listener NONE = new Listener() {
        };

        public default SyncIndex.Progress starting(String source) {
            return SyncIndex.Progress.NONE;
        }

        public default void done(SyncIndex.Report report) {
        }

        /** A source that could not be synced (its folder gone, its database locked): its notes stay as they were. */
        public default void failed(String source, SourceException why) {
            // Said on stderr by default, so that a watch or a server does not pass over it in silence.
            System.err.println("bearings: cannot sync " + source + ": " + why.getMessage() + "; its notes stay in the index as they were");
        }
    }

    private SourcesSync() {
    }

    /** Notes the sources have added, changed or removed since {@code index} was synced, from their fingerprints. */
    public static int changedSince(SourcesConfig config, ProviderRegistry<NoteSourceProvider> providers, ChunkIndexReader index)
            throws SourceException {
        int changed = 0;
        for (NoteSource configured : config.open(providers)) {
            try (NoteSource source = configured) {
                SyncIndex.Changes changes = SyncIndex.changes(source, index, config.unread(source.name()));
                changed += changes.pending().size() + changes.gone().size();
            }
        }
        return changed;
    }

    /** The names of the configured sources ({@code folder:/home/me/notes}), as their providers give them. */
    public static List<String> names(SourcesConfig config, ProviderRegistry<NoteSourceProvider> providers) throws SourceException {
        List<String> names = new ArrayList<>();
        for (NoteSource configured : config.open(providers)) {
            try (NoteSource source = configured) {
                names.add(source.name());
            }
        }
        return names;
    }

    /**
     * Stops syncing the configured source named {@code name} (its short name, or its id as notes carry it) and takes
     * its notes out of the index in {@code folder}, under the index's lock; returns how many notes left.
     *
     * @throws IllegalArgumentException naming the sources there are, when none is named so
     */
    public static int remove(Path folder, ChunkIndexStore store, ProviderRegistry<NoteSourceProvider> providers, String name)
            throws Exception {
        try (IndexLock lock = IndexLock.acquire(folder, store)) {
            SourcesConfig config = SourcesConfig.read(folder);
            List<String> ids = names(config, providers);
            String id = null;
            SourcesConfig.Source removed = null;
            for (int i = 0; i < config.sources().size(); i++) {
                if (config.sources().get(i).name().equals(name) || ids.get(i).equals(name)) {
                    removed = config.sources().get(i);
                    id = ids.get(i);
                }
            }
            int notes = 0;
            Optional<IndexRecipe> recipe = OpenedRecipe.built(store, folder);
            if (recipe.isPresent()) {
                try (ChunkIndex index = store.open(folder, recipe.get(), false)) {
                    if (id == null && index.notes().stream().anyMatch(note -> note.source().equals(name))) {
                        // Notes of a source no longer configured (an earlier version's, or one given again by a new path).
                        id = name;
                    }
                    if (id != null) {
                        notes = forget(index, id);
                    }
                }
            }
            if (id == null) {
                List<String> known = new ArrayList<>();
                for (int i = 0; i < ids.size(); i++) {
                    known.add(config.sources().get(i).name() + " (" + ids.get(i) + ")");
                }
                throw new IllegalArgumentException("the index has no source " + name + "; it has " + (known.isEmpty() ? "none"
                        : String.join(", ", known)));
            }
            if (removed != null) {
                List<SourcesConfig.Source> kept = new ArrayList<>(config.sources());
                kept.remove(removed);
                config.withSources(kept).write(folder);
            }
            return notes;
        }
    }

    /** Takes the notes of {@code source} out of the index; returns how many there were. */
    public static int forget(ChunkIndex index, String source) {
        Set<String> ids = index.versions(source).keySet();
        ids.forEach(id -> index.deleteNote(source, id));
        return ids.size();
    }

    public static List<SyncIndex.Report> run(SourcesConfig config, ProviderRegistry<NoteSourceProvider> providers, Path folder,
                                      ChunkIndex index, SyncIndex sync, Instant deadline, Listener listener)
            throws IOException, SourceException {
        config.write(folder);
        List<SyncIndex.Report> reports = new ArrayList<>();
        SourcesConfig remembered = config;
        for (NoteSource configured : config.open(providers)) {
            try (NoteSource source = configured) {
                SyncIndex.Report report;
                try {
                    report = sync.sync(source, index, listener.starting(source.name()), deadline);
                } catch (SourceException unreachable) {
                    // One source gone (an unplugged drive, a folder moved) must not stop the others.
                    listener.failed(source.name(), unreachable);
                    continue;
                }
                listener.done(report);
                reports.add(report);
                remembered = remembered.withSynced(report.source(), Instant.now(), report.skipped(), report.passedOver());
                remembered.write(folder);
            }
        }
        return reports;
    }
}
