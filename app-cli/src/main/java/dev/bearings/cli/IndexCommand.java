package dev.bearings.cli;

import dev.bearings.core.chunk.Chunker;
import dev.bearings.core.chunk.ChunkingRules;
import dev.bearings.core.chunk.TokenBudget;
import dev.bearings.core.embed.Embedder;
import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.index.IndexManifest;
import dev.bearings.core.plugin.ChunkIndexProvider;
import dev.bearings.core.plugin.EmbedderProvider;
import dev.bearings.core.plugin.ParserProvider;
import dev.bearings.core.plugin.ProviderRegistry;
import dev.bearings.core.source.NoteSource;
import dev.bearings.core.usecase.SyncIndex;
import dev.bearings.source.bear.BearSource;
import dev.bearings.source.files.FolderSource;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import javax.inject.Inject;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/** {@code bearings index}: brings the index up to date with the notes, incrementally. */
@Command(name = "index", mixinStandardHelpOptions = true,
        description = {"Index notes for search, re-reading only what changed.",
                "With no source given, syncs the sources the index was last built from."})
final class IndexCommand implements Callable<Integer> {
    /** Prefix scheme of the embedded text: change it and every vector must be made again. */
    static final String PREFIX_SCHEME = "title > path";
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
    private ChunkingOptions chunking = new ChunkingOptions();

    @Mixin
    private EmbedderOptions embedderOptions = new EmbedderOptions();

    @Inject
    IndexCommand(ProviderRegistry<ParserProvider> parsers, ProviderRegistry<EmbedderProvider> embedders,
                 ProviderRegistry<ChunkIndexProvider> stores) {
        this.parsers = parsers;
        this.embedders = embedders;
        this.stores = stores;
    }

    @Override
    public Integer call() throws Exception {
        ChunkingRules rules = chunking.rules(spec.commandLine());
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
             Embedder embedder = embedderOptions.open(embedders)) {
            Chunker chunker = chunker(rules, embedder);
            IndexManifest manifest = manifest(store, embedder, rules);
            SyncIndex sync = new SyncIndex(chunking.parser(parsers), chunker, embedder, Clock.systemUTC());
            try (ChunkIndex index = store.open(folder, manifest, rebuild)) {
                // Remember the sources before syncing: a run killed half-way is completed by a plain rerun.
                config.write(folder);
                for (NoteSource configured : sources(config)) {
                    try (NoteSource source = configured;
                         SyncProgressBar progress = new SyncProgressBar(source.name(), System.err)) {
                        SyncIndex.Report report = sync.sync(source, index, System.console() != null ? progress
                                : SyncIndex.Progress.NONE);
                        spec.commandLine().getOut().println(summary(report));
                        config = config.withSkipped(report.source(), report.skipped());
                        config.write(folder);
                    }
                }
            }
        }
        return 0;
    }

    /** Chunks cut to fit the embedder's window: whichever of words and tokens comes first. */
    static Chunker chunker(ChunkingRules rules, Embedder embedder) {
        return new Chunker(rules, new TokenBudget(embedder::countTokens, embedder.maxTokens()));
    }

    /** What an index built with these settings records; any difference later forces a rebuild. */
    static IndexManifest manifest(ChunkIndexStore store, Embedder embedder, ChunkingRules rules) {
        return new IndexManifest(store.formatVersion(), embedder.modelId(), embedder.dimension(),
                rules + ", window " + embedder.maxTokens() + " tokens, prefix " + PREFIX_SCHEME);
    }

    private static List<NoteSource> sources(SourcesConfig config) {
        List<NoteSource> sources = new ArrayList<>();
        if (config.bear() != null) {
            sources.add(new BearSource(Path.of(config.bear()), config.includeArchived(), BEAR_BUSY_TIMEOUT));
        }
        config.folders().forEach(folder -> sources.add(new FolderSource(Path.of(folder))));
        return sources;
    }

    static String summary(SyncIndex.Report r) {
        String skipped = r.skipped().isEmpty() ? "" : "; skipped " + r.skipped().entrySet().stream()
                .map(e -> e.getValue() + " (" + e.getKey() + ")").collect(Collectors.joining(", "));
        return String.format("%s: %d added, %d changed, %d removed, %d unchanged notes; %d chunks embedded, %d reused%s; %.1f s",
                r.source(), r.added(), r.changed(), r.removed(), r.unchanged(), r.chunksEmbedded(), r.chunksReused(),
                skipped, r.took().toMillis() / 1000.0);
    }
}
