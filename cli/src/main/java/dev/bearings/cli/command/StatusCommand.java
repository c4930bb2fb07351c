package dev.bearings.cli.command;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.bearings.app.words.Counted;
import dev.bearings.app.folder.IndexFolder;
import dev.bearings.app.json.IndexStatusJson;
import dev.bearings.app.plugin.Plugins;
import dev.bearings.app.source.SourcesConfig;
import dev.bearings.app.words.ShellWords;
import dev.bearings.app.index.SourcesSync;
import dev.bearings.cli.option.StoreOptions;
import dev.bearings.cli.output.Fitted;
import dev.bearings.cli.output.TerminalWidth;
import dev.bearings.cli.output.Visible;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.source.SourceException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.function.BiConsumer;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code bearings status}: what the index holds and how it was built. */
@Command(name = "status", mixinStandardHelpOptions = true,
        footerHeading = "%nExample:%n",
        footer = {"  bearings status --index ~/my-index"},
        description = "Show what the index holds.")
public final class StatusCommand implements Callable<Integer> {
    private final Plugins plugins;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Mixin
    private StoreOptions storeOptions = new StoreOptions();

    @Option(names = "--json", description = "Print the status as JSON.")
    private boolean json;

    StatusCommand(Plugins plugins) {
        this.plugins = plugins;
    }

    @Override
    public Integer call() throws Exception {
        Path folder = storeOptions.folder();
        SourcesConfig config = SourcesConfig.read(folder);
        IndexStatusJson status;
        String chunking;
        ChunkIndexStore store = storeOptions.store(plugins.stores());
        List<Path> narrowed;
        try (ChunkIndexReader index = store.openExisting(folder)) {
            // An index an older version left readable by other users is made its owner's alone at its next open.
            narrowed = IndexFolder.secure(folder, store);
            chunking = index.manifest().chunking();
            status = IndexStatusJson.of(storeOptions.storeName(plugins.stores()), index, config,
                    sourceNames(config, index), changedSinceLastSync(config, index));
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(status));
            return 0;
        }
        Fitted fitted = Fitted.to(TerminalWidth.of(TerminalWidth.AUTO));
        // A label column, its values fitted to the terminal under it.
        BiConsumer<String, String> row = (label, value) -> fitted.lines(String.format(Locale.ROOT, "%-11s", label),
                " ".repeat(11), Visible.of(value)).forEach(out::println);
        row.accept("index", String.format(Locale.ROOT, "%s (%s, format %d)", folder, status.store(), status.formatVersion()));
        row.accept("model", String.format(Locale.ROOT, "%s, %d dimensions", status.model(), status.dimension()));
        row.accept("chunking", chunking);
        // Every source the index syncs, one with no note yet too, and the notes of one it no longer syncs.
        java.util.Set<String> shown = new java.util.HashSet<>();
        for (Map.Entry<String, String> named : config.ids(plugins.sources()).entrySet()) {
            shown.add(named.getValue());
            row.accept("source", named.getKey() + " (" + named.getValue() + "): " + Counted.of(status.notesBySource()
                    .getOrDefault(named.getValue(), 0), "note"));
            status.skippedBySource().getOrDefault(named.getValue(), Map.of())
                    .forEach((reason, count) -> row.accept("", "skipped " + count + ": " + reason));
        }
        status.notesBySource().forEach((source, notes) -> {
            if (!shown.contains(source)) {
                row.accept("source", source + ": " + Counted.of(notes, "note") + ", no longer synced (to drop them: bearings sources "
                        + "remove " + ShellWords.quote(source) + storeOptions.indexFlag() + ")");
            }
        });
        row.accept("chunks", Integer.toString(status.chunks()));
        row.accept("size", String.format(Locale.ROOT, "%.1f MB on disk", status.bytesOnDisk() / 1e6));
        // To the second: the instant's nanoseconds are for programs (--json), not for a person.
        if (!narrowed.isEmpty()) {
            row.accept("privacy", "made its owner's alone now: an older version of Bearings left "
                    + Counted.of(narrowed.size(), "file") + " of it readable by other users");
        }
        row.accept("last sync", status.lastSync() == null ? "never completed"
                : Instant.parse(status.lastSync()).truncatedTo(ChronoUnit.SECONDS).toString());
        Integer changed = status.changedSinceLastSync();
        row.accept("changed", changed == null ? "unknown: a source cannot be read now"
                : changed == 0 ? "nothing since the last sync" : Counted.of(changed, "note") + " since the last sync (bearings index"
                + storeOptions.indexFlag() + " syncs them)");
        return 0;
    }

    /** The sources' names; those the index holds notes of when a source cannot be opened now. */
    private List<String> sourceNames(SourcesConfig config, ChunkIndexReader index) {
        try {
            return SourcesSync.names(config, plugins.sources());
        } catch (SourceException | RuntimeException unreadable) {
            return List.copyOf(index.stats().notesBySource().keySet());
        }
    }

    /** {@link SourcesSync#changedSince}; null when a source cannot be read now. */
    private Integer changedSinceLastSync(SourcesConfig config, ChunkIndexReader index) {
        try {
            return SourcesSync.changedSince(config, plugins.sources(), index);
        } catch (SourceException | RuntimeException unreadable) {
            return null;
        }
    }
}
