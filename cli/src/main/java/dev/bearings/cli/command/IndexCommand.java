package dev.bearings.cli.command;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.bearings.app.index.ChangeWatcher;
import dev.bearings.app.words.Counted;
import dev.bearings.app.folder.DataFolder;
import dev.bearings.app.index.GracefulStop;
import dev.bearings.app.folder.IndexLock;
import dev.bearings.app.index.OpenedRecipe;
import dev.bearings.app.plugin.Plugins;
import dev.bearings.app.plugin.ProviderSpec;
import dev.bearings.app.source.SourcesConfig;
import dev.bearings.app.index.SourcesSync;
import dev.bearings.app.json.SyncReportJson;
import dev.bearings.app.words.ShellWords;
import dev.bearings.app.words.SyncSummary;
import dev.bearings.cli.option.RecipeOptions;
import dev.bearings.cli.option.StoreOptions;
import dev.bearings.cli.output.Fitted;
import dev.bearings.cli.output.StoppedSyncNotice;
import dev.bearings.cli.output.TerminalWidth;
import dev.bearings.cli.output.Terminals;
import dev.bearings.cli.output.SyncProgressBar;
import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.source.NoteSource;
import dev.bearings.core.source.SourceException;
import dev.bearings.core.usecase.SyncIndex;
import dev.bearings.cli.output.Visible;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Callable;

/** {@code bearings index}: brings the index up to date with the notes, incrementally. */
@Command(name = "index", mixinStandardHelpOptions = true,
        footerHeading = "%nExamples:%n",
        footer = {"  bearings index --folder ~/notes",
                "  bearings index --bear --watch"},
        description = {"Index notes for search, re-reading only what changed.",
                "Sources given are added to those the index syncs (bearings sources lists and removes them); with none given, "
                        + "syncs them all. A note is a file ending in .md or .markdown (any case); hidden folders are passed over."})
public final class IndexCommand implements Callable<Integer> {
    private final Plugins plugins;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    /** Each --folder with the --exclude patterns given after it (before the next --folder). */
    @CommandLine.ArgGroup(exclusive = false, multiplicity = "0..*")
    private List<FolderFlags> folders = new ArrayList<>();

    /** One folder and what to leave out of it. */
    static final class FolderFlags {
        @Option(names = "--folder", paramLabel = "DIR", description = "A folder of Markdown notes (repeatable).")
        private Path dir;

        @Option(names = "--exclude", paramLabel = "PATTERN", description = "With --folder: leave out of that folder files and "
                + "folders like this, in gitignore's syntax (Archive/, templates/, *.draft.md; repeatable); remembered with the "
                + "folder. A .bearingsignore at the top of the folder says the same; hidden files and folders are always left out.")
        private List<String> excludes = new ArrayList<>();
    }

    @Option(names = "--bear", paramLabel = "PATH", arity = "0..1", fallbackValue = "",
            description = "Index Bear's notes (read-only), from its usual database or from PATH.")
    private String bear;

    @Option(names = "--include-archived", description = "With --bear: index archived notes too.")
    private boolean includeArchived;

    @Option(names = "--source", paramLabel = "NAME[:KEY=VALUE,...]",
            description = "A note source by its provider's name and settings, such as a plugin's (repeatable); "
                    + "bearings plugins lists them.")
    private List<String> otherSources = new ArrayList<>();

    @Option(names = "--name", paramLabel = "NAME", description = "The short name of the source given (default: its folder's "
            + "name, or bear): for --source NAME and bearings sources remove NAME.")
    private String name;

    @Option(names = "--forget", paramLabel = "SOURCE", description = "Stop syncing SOURCE (as bearings status names it, "
            + "such as folder:/path) and take its notes out of the index (repeatable).")
    private List<String> forget = new ArrayList<>();

    @Option(names = "--rebuild", description = "Start the index over: searches see the index as it was until "
            + "every source is synced again.")
    private boolean rebuild;

    @Option(names = "--json", description = "Print the summary as a JSON array, one object per source; with --watch, JSON Lines: "
            + "one object per source synced, for the first sync and each later one that changed something.")
    private boolean json;

    @Option(names = "--watch", description = "After the sync, keep running and sync again whenever notes change "
            + "(one line per sync that changed something); Ctrl-C or SIGTERM stops it, leaving the index consistent.")
    private boolean watch;

    @Mixin
    private StoreOptions storeOptions = new StoreOptions();

    @Mixin
    private RecipeOptions recipeOptions = new RecipeOptions();

    IndexCommand(Plugins plugins) {
        this.plugins = plugins;
    }

    /** The terminal's width, asked once per run: the summaries are fitted to it. */
    private Fitted fitted = Fitted.to(0);

    @Override
    public Integer call() throws Exception {
        fitted = Fitted.to(TerminalWidth.of(TerminalWidth.AUTO));
        Path folder = storeOptions.folder();
        SourcesConfig config = SourcesConfig.read(folder);
        List<SourcesConfig.Source> given = givenSources();
        if (name != null && given.size() != 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--name names one source: give it with exactly one "
                    + "--folder, --bear or --source");
        }
        try {
            for (SourcesConfig.Source source : given) {
                SourcesConfig.Source added = name == null ? source : new SourcesConfig.Source(name, source.provider(), source.settings());
                // Given again, a source takes the settings given now: what it no longer leaves out is said, not dropped unseen.
                config.changes(added).ifPresent(change -> spec.commandLine().getErr().println("bearings: set anew, " + change));
                config = config.withAdded(added);
            }
        } catch (IllegalArgumentException taken) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--name " + name + ": " + taken.getMessage());
        }
        config = withoutForgotten(config);
        if (config.isEmpty() && forget.isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "nothing to index: give --folder DIR, --bear or --source NAME (they are remembered for the next run)");
        }
        try (var opened = new SourcesOpened(config.open(plugins.sources()))) {
            // Unknown providers and settings are refused here, before the index is touched.
        }
        ChunkIndexStore store = storeOptions.store(plugins.stores());
        Optional<IndexRecipe> built = rebuild ? Optional.empty() : OpenedRecipe.built(store, folder);
        if (built.isEmpty()) {
            // A first run whose sources cannot be read leaves nothing behind: no empty index, no remembered sources.
            reachable(config);
        }
        // Opened first, closed last: on SIGTERM the JVM waits until the sync under way, the index and the lock are done.
        try (ChangeWatcher watcher = watch ? ChangeWatcher.forSources(config, plugins.sources()) : null;
             GracefulStop stop = watch ? new GracefulStop("bearings-watch-stop", watcher::close, Duration.ofSeconds(30)) : null;
             IndexLock lock = IndexLock.acquire(folder, store);
             StoppedSyncNotice notice = new StoppedSyncNotice(spec.commandLine().getErr(), "bearings index" + storeOptions.indexFlag());
             OpenedRecipe opened = recipeOptions.open(spec.commandLine(), plugins.parsers(), plugins.embedders(), built)) {
            if (!lock.narrowed().isEmpty()) {
                spec.commandLine().getErr().println("bearings: made the index at " + folder + " its owner's alone: an older "
                        + "version of Bearings left " + Counted.of(lock.narrowed().size(), "file") + " of it readable by other users");
            }
            if (rebuild) {
                // A server a search started has the model of the old index loaded, and would serve half of the new one.
                BackgroundServer.stopOthers(DataFolder.path(), folder, -1, "the index is being rebuilt");
            }
            SyncIndex sync = new SyncIndex(opened.parser(), opened.recipe(), opened.embedder().embedder(), Clock.systemUTC());
            List<SyncReportJson> reports = new ArrayList<>();
            List<String> failed = new ArrayList<>();
            List<String> empty = new ArrayList<>();
            try (ChunkIndex index = store.open(folder, opened.recipe(), rebuild)) {
                for (String source : forget) {
                    spec.commandLine().getErr().println("bearings: forgot " + source + " and its "
                            + Counted.of(SourcesSync.forget(index, source), "note"));
                }
                SourcesSync.run(config, plugins.sources(), folder, index, sync, Instant.MAX, new SourcesSync.Listener() {
                    private SyncProgressBar bar;

                    @Override
                    public SyncIndex.Progress starting(String source) {
                        bar = new SyncProgressBar(source, System.err);
                        return notice.counting(source, Terminals.stderr() ? bar : SyncIndex.Progress.NONE);
                    }

                    @Override
                    public void failed(String source, SourceException why) {
                        bar.close();
                        failed.add(source);
                        // A lock clears by itself: only a source that is gone, or cannot be read, is one to drop.
                        spec.commandLine().getErr().println("bearings: cannot sync " + source + ": " + why.getMessage()
                                + "; its notes stay in the index as they were" + (why.problem() == SourceException.Problem.LOCKED
                                ? "; the next bearings index" + storeOptions.indexFlag() + " syncs it"
                                : " (to drop them: bearings sources remove " + ShellWords.quote(source) + storeOptions.indexFlag() + ")"));
                    }

                    @Override
                    public void done(SyncIndex.Report report) {
                        bar.close();
                        if (report.added() + report.changed() + report.removed() + report.unchanged() == 0 && report.skipped().isEmpty()) {
                            empty.add(report.source());
                            spec.commandLine().getErr().println("bearings: " + report.source() + " holds no notes (a note is a file "
                                    + "ending in .md or .markdown, in any case; hidden folders are passed over): is it the right folder?");
                        }
                        report.unreadable().forEach(note -> spec.commandLine().getErr().println(Visible.of(
                                "bearings: skipped " + report.source() + " " + note)));
                        if (json && watch) {
                            spec.commandLine().getOut().println(jsonLine(SyncReportJson.of(report)));
                            spec.commandLine().getOut().flush();
                        } else if (json) {
                            reports.add(SyncReportJson.of(report));
                        } else {
                            fitted.lines("", "  ", Visible.of(SyncSummary.line(report))).forEach(spec.commandLine().getOut()::println);
                        }
                    }
                });
                if (failed.isEmpty()) {
                    index.publish();
                } else if (rebuild) {
                    spec.commandLine().getErr().println("bearings: the rebuild is not kept, as " + Counted.of(failed.size(), "source")
                            + " could not be read: searches see the index as it was (SQLite and Lucene); run bearings index"
                            + storeOptions.indexFlag() + " --rebuild again once it can be read");
                }
                notice.close();
                // A rebuild not kept is not watched: its writes would stay unpublished, and be dropped, for good.
                if (watch && (failed.isEmpty() || !rebuild)) {
                    watch(watcher, config, folder, index, sync);
                }
            }
            if (json && !watch) {
                spec.commandLine().getOut().println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                        .writeValueAsString(reports));
            }
            // As grep: a run that found nothing to index is not a success a script should take for one.
            return !failed.isEmpty() ? CommandLines.ERROR : !empty.isEmpty() ? CommandLines.NOTHING : CommandLines.FOUND;
        }
    }

    /** Lists every source once, so that one that cannot be read is named before anything is written. */
    private void reachable(SourcesConfig config) throws SourceException {
        try (var opened = new SourcesOpened(config.open(plugins.sources()))) {
            for (NoteSource source : opened.all()) {
                source.list();
            }
        }
    }

    /**
     * The sources without those {@code --forget} names. A name that is neither a source of the index nor
     * one whose notes it holds is refused: a typo must not look like success.
     */
    private SourcesConfig withoutForgotten(SourcesConfig config) throws Exception {
        if (forget.isEmpty()) {
            return config;
        }
        List<SourcesConfig.Source> kept = new ArrayList<>();
        Set<String> known = new TreeSet<>();
        List<NoteSource> opened = config.open(plugins.sources());
        try (var closing = new SourcesOpened(opened)) {
            for (int i = 0; i < opened.size(); i++) {
                known.add(opened.get(i).name());
                if (!forget.contains(opened.get(i).name())) {
                    kept.add(config.sources().get(i));
                }
            }
        }
        try (var index = storeOptions.store(plugins.stores()).openExisting(storeOptions.folder())) {
            index.notes().forEach(note -> known.add(note.source()));
        } catch (ChunkIndexStore.IndexUnreadableException noIndex) {
            // Nothing indexed: only the configured sources can be forgotten.
        }
        for (String source : forget) {
            if (!known.contains(source)) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--forget " + source + ": the index has no such source; "
                        + "it has " + (known.isEmpty() ? "none" : String.join(", ", known)));
            }
        }
        return config.withSources(kept);
    }

    /** Syncs after every change until the watcher is closed (by SIGTERM or Ctrl-C, which wait for a sync under way to end). */
    private void watch(ChangeWatcher watcher, SourcesConfig config, Path folder, ChunkIndex index, SyncIndex sync) throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        spec.commandLine().getErr().println("bearings: watching for changes; Ctrl-C stops");
        spec.commandLine().getErr().flush();
        out.flush();
        ChangeWatcher.Sync syncAll = () -> SourcesSync.run(config, plugins.sources(), folder, index, sync, Instant.MAX,
                SourcesSync.Listener.NONE);
        if (json) {
            // A program reads one object a line; failures go to stderr, as every message does.
            watcher.syncOnChange(syncAll, changed -> changed.stream().map(report -> jsonLine(SyncReportJson.of(report))).toList(),
                    line -> {
                        (line.startsWith("{") ? out : spec.commandLine().getErr()).println(line);
                        out.flush();
                    });
            return;
        }
        watcher.syncOnChange(syncAll, line -> {
            fitted.lines("", "  ", Visible.of(line)).forEach(out::println);
            out.flush();
        });
    }

    private static String jsonLine(SyncReportJson report) {
        try {
            return new ObjectMapper().writeValueAsString(report);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("a sync report is always JSON", e);
        }
    }

    /** The sources the flags name, in the order Bear, folders, others; empty when none is given. */
    private List<SourcesConfig.Source> givenSources() {
        List<SourcesConfig.Source> given = new ArrayList<>();
        if (bear != null) {
            Map<String, String> settings = new TreeMap<>(Map.of("include-archived", Boolean.toString(includeArchived)));
            if (!bear.isEmpty()) {
                settings.put("database", Path.of(bear).toAbsolutePath().normalize().toString());
            }
            given.add(new SourcesConfig.Source("bear", settings));
        } else if (includeArchived) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--include-archived goes with --bear");
        }
        for (FolderFlags folder : folders) {
            if (folder.dir == null) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--exclude goes with --folder: it says what to leave "
                        + "out of the folder given before it");
            }
            Map<String, String> settings = new TreeMap<>(Map.of("path", real(folder.dir).toString()));
            if (!folder.excludes.isEmpty()) {
                settings.put("exclude", String.join("\n", folder.excludes));
            }
            given.add(new SourcesConfig.Source("folder", settings));
        }
        for (String source : otherSources) {
            ProviderSpec named = ProviderSpec.parse(source);
            given.add(new SourcesConfig.Source(named.name(), named.settings().asMap()));
        }
        return given;
    }

    /** A folder by its real path, so that a link to it or another spelling of it is the same source. */
    private static Path real(Path folder) {
        try {
            return folder.toRealPath();
        } catch (java.io.IOException notThere) {
            // Named as given: that it is missing is said when it is synced.
            return folder.toAbsolutePath().normalize();
        }
    }

    /** Sources opened only to check them. */
    private record SourcesOpened(List<NoteSource> all) implements AutoCloseable {
        @Override
        public void close() {
            all.forEach(NoteSource::close);
        }
    }
}
