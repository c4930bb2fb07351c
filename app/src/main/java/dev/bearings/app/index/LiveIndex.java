package dev.bearings.app.index;

import dev.bearings.app.words.Advice;
import dev.bearings.app.folder.IndexLock;
import dev.bearings.app.source.SourcesConfig;
import dev.bearings.core.embed.Embedder;
import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.note.IndexedNote;
import dev.bearings.core.markdown.MarkdownParser;
import dev.bearings.core.note.Note;
import dev.bearings.core.plugin.NoteSourceProvider;
import dev.bearings.core.plugin.ProviderRegistry;
import dev.bearings.core.source.NoteSource;
import dev.bearings.core.source.SourceException;
import dev.bearings.core.usecase.SyncIndex;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * An index kept fresh for a long-running server: a reader that is reopened whenever the index files
 * change (our own sync or a {@code bearings index} run beside us), and a cheap check of the sources'
 * fingerprints that syncs what changed, within a time budget, before a search. One lock per index
 * keeps us and {@code bearings index} from writing at once: when it is busy we search what is there.
 * A search never waits for a sync it did not start: it reads what was last committed.
 */
public final class LiveIndex implements AutoCloseable {

    /**
     * @param synced   notes added, changed or removed by this check
     * @param deferred changed notes left for the next check, as the budget ran out
     * @param busy     another process was writing the index, or it cannot be written, so nothing was synced
     */
    public record Freshness(int synced, int deferred, boolean busy) {
        public static final Freshness FRESH = new Freshness(0, 0, false);
    }

    private final Path folder;
    private final ChunkIndexStore store;
    private final OpenedRecipe recipe;
    private final ProviderRegistry<NoteSourceProvider> providers;
    private final Clock clock;
    /**
     * One call at a time in this process: opening the reader again closes the one a concurrent call
     * would be using. Held by calls and by the reader's reopening, not by a sync: a search reads the
     * last committed state while a sync writes (SQLite's write-ahead log and Lucene's point-in-time
     * readers allow it), and never waits for the sync.
     */
    private final ReentrantLock lock = new ReentrantLock();
    /** One sync at a time in this process. (The {@link IndexLock} keeps other processes from writing at the same time.) */
    private final ReentrantLock syncing = new ReentrantLock();
    private ChunkIndexReader reader;
    private String readerStamp;
    private volatile boolean closed;
    /** Told whenever the reader is opened anew: the index on disk changed. */
    private final List<Runnable> reopenListeners = new java.util.concurrent.CopyOnWriteArrayList<>();

    /** @param recipe what the index is (or will be) built with, its parser and embedder opened; closed with this */
    public LiveIndex(Path folder, ChunkIndexStore store, OpenedRecipe recipe, ProviderRegistry<NoteSourceProvider> providers,
              Clock clock) {
        this.folder = folder;
        this.store = store;
        this.recipe = recipe;
        this.providers = providers;
        this.clock = clock;
    }

    /** The folder the index is in. */
    public Path folder() {
        return folder;
    }

    /** What the index is searched and synced with: the recipe the model was loaded for. */
    public IndexRecipe recipe() {
        return recipe.recipe();
    }

    public Embedder embedder() {
        return recipe.embedder().embedder();
    }

    public MarkdownParser parser() {
        return recipe.parser();
    }

    /**
     * Runs {@code listener} (on the calling thread, holding this index) whenever the reader is opened
     * anew because the index on disk changed: after our own syncs, and when another process's write is
     * first seen.
     */
    public void onReopen(Runnable listener) {
        reopenListeners.add(listener);
    }

    public SourcesConfig sources() throws IOException {
        return SourcesConfig.read(folder);
    }

    /** A watcher of where the configured sources keep their notes. */
    public ChangeWatcher watcher() throws IOException {
        return ChangeWatcher.forSources(sources(), providers);
    }

    /** The configured sources, opened; each is closed by whoever uses it. */
    public List<NoteSource> openSources() throws IOException {
        return sources().open(providers);
    }

    /** The names of the sources the index syncs. */
    public List<String> sourceNames() throws IOException, SourceException {
        return SourcesSync.names(sources(), providers);
    }

    /** Each configured source's short name and its name as notes carry it, for {@link dev.bearings.app.source.SourceNames#resolve}. */
    public java.util.Map<String, String> sourceIds() throws IOException {
        return sources().ids(providers);
    }

    /** The index as it is on disk now. */
    public ChunkIndexReader reader() throws ChunkIndexStore.IndexUnreadableException, IOException {
        lock.lock();
        try {
            String stamp = IndexStamp.of(folder, store);
            if (reader == null || !stamp.equals(readerStamp)) {
                closeReader();
                reader = store.openExisting(folder);
                readerStamp = stamp;
                reopenListeners.forEach(Runnable::run);
            }
            return reader;
        } finally {
            lock.unlock();
        }
    }

    /**
     * Syncs the notes that changed since the last sync, until {@code deadline}; does nothing when none did.
     * The sources are listed twice when something changed: once without the lock, to find out cheaply
     * whether to take it, and again by the sync under the lock, since another writer may have synced
     * in between.
     */
    public Freshness refresh(Instant deadline) throws Exception {
        Freshness freshness = refreshHeld(deadline);
        if (freshness.synced() > 0) {
            seeWrites();
        }
        return freshness;
    }

    private Freshness refreshHeld(Instant deadline) throws Exception {
        syncing.lock();
        try {
            SourcesConfig config = sources();
            if (config.isEmpty() || !changed(config)) {
                return Freshness.FRESH;
            }
            IndexLock writer;
            try {
                writer = IndexLock.acquire(folder, store);
            } catch (IOException busyOrReadOnly) {
                // Either way the index stays as it is and the search is answered from it.
                return new Freshness(0, 0, true);
            }
            try (writer) {
                List<SyncIndex.Report> reports = write(config, deadline);
                return new Freshness(reports.stream().mapToInt(r -> r.added() + r.changed() + r.removed()).sum(),
                        reports.stream().mapToInt(SyncIndex.Report::deferred).sum(), false);
            }
        } finally {
            syncing.unlock();
        }
    }

    /** A full sync of every configured source. */
    public List<SyncIndex.Report> syncAll() throws Exception {
        List<SyncIndex.Report> reports = syncAllHeld();
        seeWrites();
        return reports;
    }

    private List<SyncIndex.Report> syncAllHeld() throws Exception {
        syncing.lock();
        try {
            SourcesConfig config = sources();
            if (config.isEmpty()) {
                throw new IllegalStateException("no sources are configured for this index: run " + Advice.addSource("") + " once");
            }
            try (IndexLock writer = IndexLock.acquire(folder, store)) {
                return write(config, Instant.MAX);
            } catch (IndexLock.HeldElsewhere busy) {
                throw new IllegalStateException(busy.getMessage(), busy);
            }
        } finally {
            syncing.unlock();
        }
    }

    /** Notes the sources have that the index has not caught up with, without syncing them. */
    public int pendingChanges() throws Exception {
        lock.lock();
        try {
            return SourcesSync.changedSince(sources(), providers, reader());
        } finally {
            lock.unlock();
        }
    }

    /** Reads an indexed note afresh from the configured source it came from. */
    public Optional<Note> read(IndexedNote note) throws SourceException, NoteSource.UnreadableNote {
        lock.lock();
        try {
            SourcesConfig config;
            try {
                config = sources();
            } catch (IOException e) {
                throw new SourceException("cannot read which sources the index at " + folder + " has: " + e.getMessage(), e);
            }
            return config.read(note, providers);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Opens the reader anew after our own write, so that those who follow the index hear of it at once.
     * After the sync's lock is released: a call holding this index may be waiting for it.
     */
    private void seeWrites() {
        if (closed) {
            return;
        }
        try {
            reader();
        } catch (ChunkIndexStore.IndexUnreadableException | IOException unreadable) {
            // The next call says why; a sync that wrote leaves a readable index.
        }
    }

    private boolean changed(SourcesConfig config) throws Exception {
        ChunkIndexReader current;
        try {
            current = reader();
        } catch (ChunkIndexStore.IndexUnreadableException noIndexYet) {
            // Absent, it is built now; damaged, opening it for writing says so, and nothing is lost.
            return true;
        }
        for (NoteSource configured : config.open(providers)) {
            try (NoteSource source = configured) {
                if (!SyncIndex.changes(source, current, config.unread(source.name())).isEmpty()) {
                    return true;
                }
            }
        }
        return false;
    }

    private List<SyncIndex.Report> write(SourcesConfig config, Instant deadline) throws Exception {
        try (ChunkIndex index = store.open(folder, recipe.recipe(), false)) {
            return SourcesSync.run(config, providers, folder, index, new SyncIndex(parser(), recipe.recipe(), embedder(), clock), deadline,
                    SourcesSync.Listener.NONE);
        }
    }

    /**
     * Runs {@code call} while no other call can reopen the reader under it. A sync in progress is not
     * waited for, unless this thread runs it (a search's budgeted sync, sync_index).
     */
    public <T> T exclusively(Callable<T> call) throws Exception {
        lock.lock();
        try {
            return call.call();
        } finally {
            lock.unlock();
        }
    }

    /**
     * As {@link #exclusively(Callable)}, but gives up when another call holds the index longer than {@code patience}.
     *
     * @return empty when it gave up
     */
    public <T> Optional<T> exclusively(Duration patience, Callable<T> call) throws Exception {
        if (!lock.tryLock(patience.toMillis(), TimeUnit.MILLISECONDS)) {
            return Optional.empty();
        }
        try {
            return Optional.of(call.call());
        } finally {
            lock.unlock();
        }
    }

    private void closeReader() {
        if (reader != null) {
            reader.close();
            reader = null;
        }
    }

    @Override
    public void close() {
        // After the sync under way: it embeds with the model closed here. In the order calls take them
        // (a tool's call holds the first and may sync), so the two never wait on each other.
        lock.lock();
        syncing.lock();
        try {
            closed = true;
            closeReader();
            recipe.close();
        } finally {
            syncing.unlock();
            lock.unlock();
        }
    }
}
