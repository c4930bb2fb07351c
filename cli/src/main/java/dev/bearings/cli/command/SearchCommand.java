package dev.bearings.cli.command;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.bearings.app.words.Limits;
import dev.bearings.app.words.Advice;
import dev.bearings.app.folder.DataFolder;
import dev.bearings.app.words.Dates;
import dev.bearings.app.index.OpenedEmbedder;
import dev.bearings.app.plugin.Plugins;
import dev.bearings.app.json.SearchHitJson;
import dev.bearings.app.words.ShellWords;
import dev.bearings.app.source.SourceNames;
import dev.bearings.app.json.SourceStatusJson;
import dev.bearings.app.source.SourcesConfig;
import dev.bearings.cli.option.EmbedderOptions;
import dev.bearings.cli.option.StoreOptions;
import dev.bearings.cli.output.Fitted;
import dev.bearings.cli.output.Highlights;
import dev.bearings.cli.output.TerminalWidth;
import dev.bearings.cli.output.Visible;
import dev.bearings.core.embed.Embedder;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.plugin.Settings;
import dev.bearings.core.source.NoteSource;
import dev.bearings.core.search.MatchStrength;
import dev.bearings.core.search.SearchFilter;
import dev.bearings.core.usecase.ListTags;
import dev.bearings.core.usecase.SearchNotes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;

/** {@code bearings search QUERY}: the passages that answer a question, grouped by note. */
@Command(name = "search", mixinStandardHelpOptions = true,
        footerHeading = "%nExamples:%n",
        footer = {"  bearings search \"how did I set up the VPN?\"",
                "  bearings search --tag work --since 2026-01-01 \"printer driver\"",
                "  bearings search --strong '\"wifi password\" cabin -router'"},
        description = "Search the index by meaning and keywords.")
public final class SearchCommand implements Callable<Integer> {
    private static final String INDENT = "   ";

    /** Where a search looks at its sources while it opens the index and loads the model: a thread that never keeps a JVM running. */
    private static final Executor BESIDE = Executors.newCachedThreadPool(task -> {
        Thread thread = new Thread(task, "bearings-sources-check");
        thread.setDaemon(true);
        return thread;
    });
    private final Plugins plugins;
    private final Server server;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "QUERY", arity = "1..*", description = "What to look for.")
    private List<String> query;

    @Option(names = "--limit", paramLabel = "N", defaultValue = "" + Limits.SEARCH, description = "Most passages (default: ${DEFAULT-VALUE}).")
    private int limit;

    @Option(names = "--mode", paramLabel = "MODE", defaultValue = "hybrid", completionCandidates = ModeNames.class,
            description = "hybrid (default), vector or keyword.")
    private String mode;

    @Option(names = "--color", paramLabel = "WHEN", defaultValue = Highlights.AUTO, completionCandidates = ColorChoices.class,
            description = "Colour the matches: auto (default: on a terminal, unless NO_COLOR is set), always or never.")
    private String color;

    @Option(names = "--width", paramLabel = "COLUMNS", defaultValue = TerminalWidth.AUTO,
            description = "Fit the lines to this many columns: auto (default: the terminal's; whole lines when piped), "
                    + "or 0 for whole lines. Links are never cut.")
    private String width;

    /** The folder of the index searched: this command's, or a server's. */
    private Path indexFolder;
    /** The lines that say which sources are missing, said once before anything else (null once said). */
    private CompletableFuture<List<String>> missingSources;

    /** The lines' width, asked of the terminal once, when the options are checked. */
    private Fitted fitted = Fitted.to(0);

    @Option(names = "--tag", paramLabel = "TAG", description = "Only notes with this tag or a child of it (repeatable: any).")
    private List<String> tags = new ArrayList<>();

    @Option(names = "--since", paramLabel = "DATE", description = "Only notes modified on or after DATE: " + Dates.FORMS + ".")
    private String since;

    @Option(names = "--before", paramLabel = "DATE", description = "Only notes modified before DATE (the same forms).")
    private String before;

    @Option(names = "--source", paramLabel = "NAME", description = "Only notes of this source: as bearings status names it "
            + "(folder:/path), its kind when the index has one of it (folder, bear), or the folder's path.")
    private String source;

    @Option(names = "--json", description = "Print a JSON array of passages.")
    private boolean json;

    @Option(names = "--no-server", description = "Search here, neither asking a running server nor starting one (to start "
            + "none, ever: $" + BackgroundServer.OFF_VARIABLE + "=1).")
    private boolean noServer;
    @Option(names = "--strong", description = "Only passages that are a strong match; exit 1 when none is.")
    private boolean strongOnly;

    @Mixin
    private StoreOptions storeOptions = new StoreOptions();

    @Mixin
    private EmbedderOptions embedderOptions = new EmbedderOptions();

    SearchCommand(Plugins plugins) {
        this(plugins, null);
    }

    /** @param server a running server's index and model, with which to answer; null to open them here */
    SearchCommand(Plugins plugins, Server server) {
        this.plugins = plugins;
        this.server = server;
    }

    /** A running server's open index and loaded model, answering a client's search with them ({@link ServedSearch}). */
    interface Server {
        /**
         * Runs {@code search} on the server's index and model, if the options name them.
         *
         * @return the command's exit code; anything when the server declines (it records that it did)
         */
        int answer(StoreOptions store, EmbedderOptions embedder, Search search) throws Exception;
    }

    /** A search of an open index (in {@code folder}) with a loaded model, printing what it finds; returns the exit code. */
    @FunctionalInterface
    interface Search {
        int run(ChunkIndexReader index, Embedder embedder, Path folder) throws Exception;
    }

    @Override
    public Integer call() throws Exception {
        String asked = String.join(" ", query);
        try {
            SearchNotes.requireAskable(asked);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        highlights();
        fitted = fitted();
        SearchNotes.Request request = new SearchNotes.Request(asked, limit, parseMode(),
                new SearchFilter(Set.copyOf(tags), date("--since", since), date("--before", before), Optional.ofNullable(source)));
        if (server != null) {
            return server.answer(storeOptions, embedderOptions, (index, embedder, folder) -> {
                indexFolder = folder;
                missingSources = CompletableFuture.completedFuture(missingSources(folder));
                return index.stats().chunks() == 0 ? empty(folder) : answer(index, embedder, request);
            });
        }
        // Reading the sources' list and looking at each source loads Jackson and JGit, 0.2-0.3 s of a first search:
        // done beside opening the index and loading the model, and said before anything else the search says.
        indexFolder = storeOptions.folder();
        Path folder = indexFolder;
        missingSources = CompletableFuture.supplyAsync(() -> missingSources(folder), BESIDE);
        try (ChunkIndexReader index = storeOptions.store(plugins.stores()).openExisting(storeOptions.folder())) {
            if (index.stats().chunks() == 0) {
                return empty(storeOptions.folder());
            }
            int exit;
            try (OpenedEmbedder opened = embedderOptions.open(plugins.embedders(), Optional.of(index.manifest().recipe()))) {
                Embedder embedder = opened.embedder();
                index.manifest().requireModel(embedder.modelId(), embedder.dimension(), storeOptions.folder());
                exit = answer(index, embedder, request);
            }
            startServer();
            return exit;
        } finally {
            sayMissingSources(); // before the error of an index that cannot be opened, as before any answer
        }
    }

    /**
     * After the answer is printed, a server for this index, for the searches to come, unless one runs or
     * they are turned off; a search that asked for another model is its own.
     */
    private void startServer() {
        spec.commandLine().getOut().flush();
        spec.commandLine().getErr().flush();
        if (noServer || BackgroundServer.off(System.getenv()) || embedderOptions.requested()) {
            return;
        }
        try {
            BackgroundServer.startIfNone(DataFolder.path(), storeOptions.folder(), storeOptions.given(),
                    BackgroundServer.idle(System.getenv()));
        } catch (IOException | IllegalArgumentException e) {
            spec.commandLine().getErr().println("bearings: no server was started for the next searches: " + e.getMessage());
        }
    }

    /** The index's sources by their short names; none when they cannot be read. */
    private Map<String, String> named() {
        try {
            return SourcesConfig.read(indexFolder).ids(plugins.sources());
        } catch (IOException | RuntimeException unreadable) {
            return Map.of();
        }
    }

    /**
     * One line for each source that is gone (a folder moved or deleted): its notes are still searched as they were,
     * and may be stale or found twice (a vault moved and added again under its new path).
     */
    private List<String> missingSources(Path folder) {
        List<String> lines = new ArrayList<>();
        try {
            SourcesConfig config = SourcesConfig.read(folder);
            for (int i = 0; i < config.sources().size(); i++) {
                SourcesConfig.Source source = config.sources().get(i);
                try (NoteSource opened = plugins.sources().create(source.provider(), Settings.of(source.settings()))) {
                    if (SourceStatusJson.gone(opened)) {
                        lines.add("bearings: the source " + source.name() + " (" + opened.locations().get(0)
                                + ") is missing; its notes are searched as they were when last synced (to drop them: bearings "
                                + "sources remove " + ShellWords.quote(source.name()) + storeOptions.indexFlag(folder) + ")");
                    }
                }
            }
        } catch (IOException | RuntimeException unreadable) {
            // A search says nothing of sources it cannot read: bearings sources and status do.
        }
        return lines;
    }

    /** The missing sources' lines, once, before anything else the search says. */
    private void sayMissingSources() {
        if (missingSources != null) {
            missingSources.join().forEach(spec.commandLine().getErr()::println);
            missingSources = null;
        }
    }

    private int empty(Path folder) {
        sayMissingSources();
        spec.commandLine().getErr().println("bearings: the index at " + folder
                + " is empty: run " + Advice.addSource(storeOptions.indexFlag(folder)) + " first");
        return 1;
    }

    private int answer(ChunkIndexReader index, Embedder embedder, SearchNotes.Request asked) throws Exception {
        SearchNotes.Results results;
        try {
            results = search(index, embedder, asked);
        } finally {
            sayMissingSources();
        }
        if (results.queryTruncated()) {
            spec.commandLine().getErr().printf("bearings: the query has %d tokens; the model read the first %d%n",
                    results.queryTokens(), embedder.maxTokens());
        }
        if (results.onlyFunctionWords() && asked.mode() != SearchNotes.Mode.VECTOR) {
            spec.commandLine().getErr().println("bearings: the query has only common words, which keywords do not match "
                    + "(quote them to match them as written)");
        }
        if (!results.ranked().isEmpty() && !results.anyStrong()) {
            spec.commandLine().getErr().println("bearings: no passage is a strong match: your notes may not answer this"
                    + (strongOnly ? "" : "; the nearest follow"));
        }
        if (strongOnly && !results.ranked().isEmpty()) {
            results = new SearchNotes.Results(results.ranked().stream().filter(hit -> hit.strength() == MatchStrength.Level.STRONG)
                    .toList(), results.queryTokens(), results.queryTruncated(), results.weights(), results.onlyFunctionWords());
            if (results.ranked().isEmpty() && !json) {
                return 1;
            }
        }
        print(results);
        // As grep and ripgrep: a search that finds nothing is not a success a script should take for one.
        return results.ranked().isEmpty() ? 1 : 0;
    }

    /** The search itself, its filters checked against the index first. */
    private SearchNotes.Results search(ChunkIndexReader index, Embedder embedder, SearchNotes.Request asked) {
        SearchNotes.Request request = asked;
        if (asked.filter().source().isPresent()) {
            String source;
            try {
                source = SourceNames.resolve(asked.filter().source().get(), index.stats().notesBySource().keySet(), named(), "--source");
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
            }
            SearchFilter filter = asked.filter();
            request = new SearchNotes.Request(asked.query(), asked.limit(), asked.mode(),
                    new SearchFilter(filter.tags(), filter.since(), filter.before(), Optional.of(source)));
        }
        List<String> unknown = ListTags.unknown(index, request.filter().tags());
        if (!unknown.isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "no note is tagged " + String.join(" or ", unknown)
                    + " (bearings tags lists the tags there are)");
        }
        return new SearchNotes(embedder, index.manifest().recipe().tuning()).search(index, request);
    }

    private SearchNotes.Mode parseMode() {
        try {
            return SearchNotes.Mode.parse(mode);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--" + e.getMessage());
        }
    }

    private Optional<Instant> date(String option, String value) {
        if (value == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Dates.instant(value, option));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    private void print(SearchNotes.Results results) throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            // Best first, as a program reading them expects; people read them grouped by note, below.
            List<SearchHitJson> hits = results.ranked().stream().map(hit -> SearchHitJson.of(hit, results.weights())).toList();
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(hits));
            return;
        }
        if (results.notes().isEmpty()) {
            spec.commandLine().getErr().println("bearings: no passage found");
            return;
        }
        Highlights highlights = highlights();
        int n = 1;
        for (SearchNotes.NoteHits note : results.notes()) {
            fitted.lines(n++ + ". ", INDENT, highlights.title(Visible.of(note.note().title())) + "  (" + Visible.of(note.note().id()) + ")")
                    .forEach(out::println);
            for (SearchNotes.Hit hit : note.hits()) {
                String why = (hit.vectorRank().isPresent() ? "vector #" + hit.vectorRank().getAsInt() : "")
                        + (hit.vectorRank().isPresent() && hit.keywordRank().isPresent() ? ", " : "")
                        + (hit.keywordRank().isPresent() ? "keyword #" + hit.keywordRank().getAsInt() : "");
                String headingPath = hit.headingPath();
                String heading = Visible.of(headingPath);
                // The text of an attachment (Bear's OCR of a PDF or an image) is found by its name, not by a line of the note.
                String where = !hit.chunk().attachment().isEmpty() ? "attachment " + Visible.of(hit.chunk().attachment())
                        : String.format(Locale.ROOT, "%s  lines %d-%d", heading.isEmpty() ? "(top)" : heading, hit.chunk().startLine(),
                        hit.chunk().endLine());
                fitted.lines(INDENT, INDENT, String.format(Locale.ROOT, "%s  %s  score %.4f (%s)", where, hit.strength().label(), hit.score(), why))
                        .forEach(out::println);
                fitted.lines(INDENT, INDENT, highlights.snippet(Visible.of(hit.snippet()))).forEach(out::println);
                // Whole, however wide: a terminal opens a link only when it is on one line.
                out.println(INDENT + Visible.of(hit.link(headingPath)));
            }
        }
        // How it was searched, not a result: said on stderr with the other notes about the search.
        if (parseMode() == SearchNotes.Mode.HYBRID) {
            fitted.lines("", "", String.format(Locale.ROOT, "(this question weighed meaning %.0f%%, keywords %.0f%%)",
                    100 * results.weights().vector(), 100 * results.weights().keyword())).forEach(spec.commandLine().getErr()::println);
        }
    }

    private Fitted fitted() {
        try {
            return Fitted.to(TerminalWidth.of(width));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    private Highlights highlights() {
        try {
            return Highlights.of(color);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /** The choices of {@code --color}, for completion. */
    static final class ColorChoices extends ArrayList<String> {
        private static final long serialVersionUID = 1L;

        ColorChoices() {
            super(List.of(Highlights.AUTO, "always", "never"));
        }
    }

    /** The search modes, for completion. */
    static final class ModeNames extends ArrayList<String> {
        private static final long serialVersionUID = 1L;

        ModeNames() {
            super(Arrays.stream(SearchNotes.Mode.values()).map(mode -> mode.name().toLowerCase(Locale.ROOT)).toList());
        }
    }
}
