package dev.bearings.cli.command;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.bearings.app.Counted;
import dev.bearings.app.IndexStatusJson;
import dev.bearings.app.Plugins;
import dev.bearings.app.SourcesConfig;
import dev.bearings.app.SourcesSync;
import dev.bearings.cli.option.StoreOptions;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.source.SourceException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import javax.inject.Inject;

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

    @Inject
    StatusCommand(Plugins plugins) {
        this.plugins = plugins;
    }

    @Override
    public Integer call() throws Exception {
        Path folder = storeOptions.folder();
        SourcesConfig config = SourcesConfig.read(folder);
        IndexStatusJson status;
        String chunking;
        try (ChunkIndexReader index = storeOptions.store(plugins.stores()).openExisting(folder)) {
            chunking = index.manifest().chunking();
            status = IndexStatusJson.of(storeOptions.storeName(plugins.stores()), index, config,
                    sourceNames(config, index), changedSinceLastSync(config, index));
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(status));
            return 0;
        }
        out.printf("index      %s (%s, format %d)%n", folder, status.store(), status.formatVersion());
        out.printf("model      %s, %d dimensions%n", status.model(), status.dimension());
        out.printf("chunking   %s%n", chunking);
        status.notesBySource().forEach((source, notes) -> {
            out.printf("source     %s: %s%n", source, Counted.of(notes, "note"));
            status.skippedBySource().getOrDefault(source, Map.of())
                    .forEach((reason, count) -> out.printf("           skipped %d: %s%n", count, reason));
        });
        out.printf("chunks     %d%n", status.chunks());
        out.printf("size       %.1f MB on disk%n", status.bytesOnDisk() / 1e6);
        out.printf("last sync  %s%n", status.lastSync() == null ? "never completed" : status.lastSync());
        Integer changed = status.changedSinceLastSync();
        out.printf("changed    %s%n", changed == null ? "unknown: a source cannot be read now"
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
