package dev.bearings.cli;

import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.plugin.ChunkIndexProvider;
import dev.bearings.core.plugin.EmbedderProvider;
import dev.bearings.core.plugin.ParserProvider;
import dev.bearings.core.plugin.ProviderRegistry;
import dev.bearings.core.usecase.SyncIndex;
import dev.bearings.source.bear.BearSource;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import javax.inject.Inject;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/** {@code bearings index}: brings the index up to date with the notes, incrementally. */
@Command(name = "index", mixinStandardHelpOptions = true,
        description = {"Index notes for search, re-reading only what changed.",
                "With no source given, syncs the sources the index was last built from."})
final class IndexCommand implements Callable<Integer> {
    /** How long to wait while Bear holds its database for a write. */
    static final Duration BEAR_BUSY_TIMEOUT = Duration.ofSeconds(10);

    private final ProviderRegistry<ParserProvider> parsers;
    private final ProviderRegistry<EmbedderProvider> embedders;
    private final ProviderRegistry<ChunkIndexProvider> stores;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--folder", paramLabel = "DIR", description = "A folder of Markdown notes (repeatable).")
    private List<Path> folders = new ArrayList<>();

    @Option(names = "--bear", paramLabel = "PATH", arity = "0..1", fallbackValue = "",
            description = "Index Bear's notes (read-only), from its usual database or from PATH.")
    private String bear;

    @Option(names = "--include-archived", description = "With --bear: index archived notes too.")
    private boolean includeArchived;

    @Option(names = "--rebuild", description = "Start the index over.")
    private boolean rebuild;

    @Mixin
    private StoreOptions storeOptions = new StoreOptions();

    @Mixin
    private RecipeOptions recipeOptions = new RecipeOptions();

    @Inject
    IndexCommand(ProviderRegistry<ParserProvider> parsers, ProviderRegistry<EmbedderProvider> embedders,
                 ProviderRegistry<ChunkIndexProvider> stores) {
        this.parsers = parsers;
        this.embedders = embedders;
        this.stores = stores;
    }

    @Override
    public Integer call() throws Exception {
        Path folder = storeOptions.folder();
        SourcesConfig config = SourcesConfig.read(folder);
        if (!folders.isEmpty() || bear != null) {
            String bearDatabase = bear == null ? null
                    : (bear.isEmpty() ? BearSource.defaultDatabase() : Path.of(bear)).toAbsolutePath().normalize().toString();
            config = new SourcesConfig(folders.stream().map(p -> p.toAbsolutePath().normalize().toString()).toList(),
                    bearDatabase, includeArchived, config.skipped());
        }
        if (config.isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "nothing to index: give --folder DIR or --bear (they are remembered for the next run)");
        }
        ChunkIndexStore store = storeOptions.store(stores);
        try (IndexLock lock = IndexLock.acquire(folder);
             RecipeOptions.Opened opened = recipeOptions.open(spec.commandLine(), parsers, embedders,
                     rebuild ? Optional.empty() : RecipeOptions.built(store, folder))) {
            SyncIndex sync = new SyncIndex(opened.parser(), opened.recipe(), opened.embedder().embedder(), Clock.systemUTC());
            try (ChunkIndex index = store.open(folder, opened.recipe(), rebuild)) {
                SourcesSync.run(config, folder, index, sync, Instant.MAX, new SourcesSync.Listener() {
                    private SyncProgressBar bar;

                    @Override
                    public SyncIndex.Progress starting(String source) {
                        bar = new SyncProgressBar(source, System.err);
                        return System.console() != null ? bar : SyncIndex.Progress.NONE;
                    }

                    @Override
                    public void done(SyncIndex.Report report) {
                        bar.close();
                        report.unreadable().forEach(note -> spec.commandLine().getErr().println(
                                "bearings: skipped " + report.source() + " " + note));
                        spec.commandLine().getOut().println(summary(report));
                    }
                });
            }
        }
        return 0;
    }

    static String summary(SyncIndex.Report r) {
        String skipped = r.skipped().isEmpty() ? "" : "; skipped " + r.skipped().entrySet().stream()
                .map(e -> e.getValue() + " (" + e.getKey() + ")").collect(Collectors.joining(", "));
        String deferred = r.deferred() == 0 ? "" : "; " + r.deferred() + " changed notes left for the next sync";
        return String.format("%s: %d added, %d changed, %d removed, %d unchanged notes; %d chunks embedded, %d reused%s%s; %.1f s",
                r.source(), r.added(), r.changed(), r.removed(), r.unchanged(), r.chunksEmbedded(), r.chunksReused(),
                skipped, deferred, r.took().toMillis() / 1000.0);
    }
}
