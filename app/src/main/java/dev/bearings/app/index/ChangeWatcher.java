package dev.bearings.app.index;

import dev.bearings.app.source.SourcesConfig;
import dev.bearings.app.words.SyncSummary;
import dev.bearings.core.plugin.NoteSourceProvider;
import dev.bearings.core.plugin.ProviderRegistry;
import dev.bearings.core.source.NoteSource;
import dev.bearings.core.source.Watched;
import dev.bearings.core.usecase.SyncIndex;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Tells when the notes may have changed, so a sync can follow; the sync's own fingerprint check decides
 * what did. Folders are watched with the JDK's WatchService, recursively (a new subfolder is watched as
 * it appears); an editor's atomic save, a move and a delete are all events in a watched folder, and an
 * overflow counts as a change. Files a source polls (Bear's database and its journals) are polled by size
 * and modification time, since their writer rewrites them in place while the user types. What to watch is
 * each source's to say ({@link NoteSource#watched()}): the folders it passes over are not watched. A source
 * that names nothing is checked every {@link #UNWATCHABLE_POLL}.
 * Changes are reported only after {@code quiet} has passed without another one.
 */
public final class ChangeWatcher implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ChangeWatcher.class);
    public static final Duration UNWATCHABLE_POLL = Duration.ofSeconds(10);
    /** Bear writes while the user types, editors save in steps: a sync waits for a quiet second. */
    public static final Duration QUIET = Duration.ofSeconds(1);
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");
    private static final Duration FILE_POLL = Duration.ofSeconds(1);

    private final WatchService service;
    /** Written by the thread that waits for changes, read by {@link #watches} from others. */
    private final Map<WatchKey, Path> folders = new ConcurrentHashMap<>();
    /** The sources' folders, each with the subfolders it passes over, watched again whenever they are not (deleted and made anew, or absent at first). */
    private final Map<Path, Predicate<Path>> roots = new HashMap<>();
    private final Map<Path, String> files = new HashMap<>();
    private final boolean unwatchable;
    private final Duration quiet;
    private volatile boolean closed;

    /** @param watched what every source says to watch; a source that says nothing is polled every {@link #UNWATCHABLE_POLL} */
    public ChangeWatcher(List<Watched> watched, Duration quiet) throws IOException {
        this.service = FileSystems.getDefault().newWatchService();
        this.unwatchable = watched.stream().anyMatch(Watched::isEmpty);
        this.quiet = quiet;
        for (Watched source : watched) {
            for (Path tree : source.trees()) {
                roots.put(tree, source.skipped());
                if (Files.isDirectory(tree)) {
                    watchTree(tree, source.skipped());
                }
            }
            for (Path file : source.polled()) {
                files.put(file, stamp(file));
            }
        }
    }

    /** A sync the watcher runs after each change. */
    @FunctionalInterface
    public interface Sync {
        public List<SyncIndex.Report> run() throws Exception;
    }

    /** Watches where the configured sources keep their notes, as each says. */
    public static ChangeWatcher forSources(SourcesConfig config, ProviderRegistry<NoteSourceProvider> providers) throws IOException {
        List<Watched> watched = new ArrayList<>();
        for (NoteSource configured : config.open(providers)) {
            try (NoteSource source = configured) {
                watched.add(source.watched());
            }
        }
        return new ChangeWatcher(watched, QUIET);
    }

    /**
     * Until closed: after each change, runs {@code sync} and reports it as one line, when it changed
     * anything (an editor's swap file changes no note). A failed sync is reported and the watch goes on:
     * the next change, or Bear's database unlocked, brings the index up to date.
     */
    public void syncOnChange(Sync sync, Consumer<String> lines) throws InterruptedException {
        syncOnChange(sync, ChangeWatcher::summary, lines);
    }

    /**
     * The same, each sync said as {@code said} says it: the lines to print for the reports of the sources that changed
     * (a person's summary, or JSON Lines for a program).
     */
    public void syncOnChange(Sync sync, java.util.function.Function<List<SyncIndex.Report>, List<String>> said, Consumer<String> lines)
            throws InterruptedException {
        while (awaitChange()) {
            syncNow(sync, said, lines);
        }
    }

    /** {@link #syncOnChange}, after one sync now: for what changed while nothing watched. */
    public void syncNowAndOnChange(Sync sync, Consumer<String> lines) throws InterruptedException {
        syncNow(sync, ChangeWatcher::summary, lines);
        syncOnChange(sync, lines);
    }

    /** The sources that changed, in one line: the time and each one's summary. */
    private static List<String> summary(List<SyncIndex.Report> changed) {
        return List.of(now() + " " + String.join("; ", changed.stream().map(SyncSummary::line).toList()));
    }

    private static String now() {
        return clock(LocalTime.now());
    }

    /** The clock time a line starts with, seconds always shown ({@code LocalTime.toString} drops them on the minute). */
    static String clock(LocalTime time) {
        return CLOCK.format(time);
    }

    private static void syncNow(Sync sync, java.util.function.Function<List<SyncIndex.Report>, List<String>> said, Consumer<String> lines)
            throws InterruptedException {
        try {
            List<SyncIndex.Report> changed = sync.run().stream().filter(r -> r.added() + r.changed() + r.removed() > 0).toList();
            if (!changed.isEmpty()) {
                said.apply(changed).forEach(lines);
            }
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            lines.accept(now() + " the sync failed, the index is as it was: " + Objects.toString(e.getMessage(), e.toString()));
        }
    }

    /**
     * Blocks until something changed and then stayed quiet for the quiet time; false when closed first.
     */
    public boolean awaitChange() throws InterruptedException {
        long unwatchableDue = System.nanoTime() + UNWATCHABLE_POLL.toNanos();
        boolean changed = false;
        long lastChange = 0;
        while (!closed) {
            boolean now = pollFolders(FILE_POLL) | pollFiles() | watchRootsAgain();
            if (unwatchable && System.nanoTime() >= unwatchableDue) {
                now = true;
            }
            if (now) {
                changed = true;
                lastChange = System.nanoTime();
            } else if (changed && System.nanoTime() - lastChange >= quiet.toNanos()) {
                return true;
            }
        }
        return false;
    }

    private boolean pollFolders(Duration wait) throws InterruptedException {
        WatchKey key;
        try {
            key = service.poll(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ClosedWatchServiceException e) {
            return false;
        }
        boolean changed = false;
        boolean overflowed = false;
        while (key != null) {
            Path folder = folders.get(key);
            for (WatchEvent<?> event : key.pollEvents()) {
                changed = true;
                overflowed |= event.kind() == StandardWatchEventKinds.OVERFLOW;
                if (event.kind() == StandardWatchEventKinds.ENTRY_CREATE && folder != null) {
                    Path created = folder.resolve((Path) event.context());
                    if (Files.isDirectory(created, LinkOption.NOFOLLOW_LINKS)) {
                        watchTree(created, skippedUnder(created));
                    }
                }
            }
            if (!key.reset()) {
                folders.remove(key);
            }
            key = service.poll();
        }
        if (overflowed) {
            // Events were lost, a new subfolder's among them perhaps: walk every folder again.
            roots.forEach(this::watchTree);
        }
        return changed;
    }

    /**
     * Watches again each source folder that exists and is not watched: deleted and made anew (a restore,
     * a sync tool, a git checkout), or absent when the watch began. That is a change: the sync brings the
     * index to what is there now.
     */
    private boolean watchRootsAgain() {
        boolean changed = false;
        if (closed) {
            // Closing cancels every watch: none is missing.
            return false;
        }
        for (Path root : roots.keySet()) {
            if (!watches(root) && Files.isDirectory(root)) {
                watchTree(root, roots.get(root));
                // A root that cannot be watched (unreadable, the watch limit reached) is tried again, but is no change:
                // counted as one, it would keep the watch from ever being quiet, and no sync would ever run.
                changed |= watches(root);
            }
        }
        return changed;
    }

    /** Whether {@code folder} is watched now: a change in it is seen. */
    boolean watches(Path folder) {
        return folders.entrySet().stream().anyMatch(f -> f.getValue().equals(folder) && f.getKey().isValid());
    }

    private boolean pollFiles() {
        boolean changed = false;
        for (Map.Entry<Path, String> file : files.entrySet()) {
            String now = stamp(file.getKey());
            if (!now.equals(file.getValue())) {
                file.setValue(now);
                changed = true;
            }
        }
        return changed;
    }

    /** A polled file by size and modification time; a missing one counts as such. */
    private static String stamp(Path file) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
            return attributes.size() + "@" + attributes.lastModifiedTime().toMillis();
        } catch (IOException missing) {
            return "-";
        }
    }

    /** The rule of the source whose folder holds {@code folder}. */
    private Predicate<Path> skippedUnder(Path folder) {
        return roots.entrySet().stream().filter(root -> folder.startsWith(root.getKey())).map(Map.Entry::getValue).findFirst()
                .orElse(any -> false);
    }

    private void watchTree(Path root, Predicate<Path> skipped) {
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attributes) throws IOException {
                    // A folder the source passes over (hidden, left out by the user) holds no note it reads.
                    if (!dir.equals(root) && skipped.test(dir)) {
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    folders.put(dir.register(service, StandardWatchEventKinds.ENTRY_CREATE,
                            StandardWatchEventKinds.ENTRY_DELETE, StandardWatchEventKinds.ENTRY_MODIFY), dir);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException gone) {
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            // The next sync reads what can be read and names what cannot; the watch goes on without this folder.
            LOG.warn("cannot watch {}: {}", root, Objects.toString(e.getMessage(), e.toString()));
        } catch (ClosedWatchServiceException closing) {
            // Closed while walking: the watch is over.
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            service.close();
        } catch (IOException e) {
            LOG.debug("closing the watch service", e);
        }
    }
}
