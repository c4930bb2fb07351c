package dev.bearings.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.index.IndexManifest;
import dev.bearings.core.index.IndexStats;
import dev.bearings.core.source.SourceException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import javax.inject.Inject;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code bearings status}: what the index holds and how it was built. */
@Command(name = "status", mixinStandardHelpOptions = true,
        footerHeading = "%nExample:%n",
        footer = {"  bearings status --index ~/my-index"},
        description = "Show what the index holds.")
final class StatusCommand implements Callable<Integer> {
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
        IndexManifest manifest;
        IndexStats stats;
        Integer changed;
        try (ChunkIndexReader index = storeOptions.store(plugins.stores()).openExisting(folder)) {
            manifest = index.manifest();
            stats = index.stats();
            changed = changedSinceLastSync(config, index);
        }
        Map<String, Object> status = new LinkedHashMap<>();
        status.put("index", folder.toString());
        status.put("store", storeOptions.storeName(plugins.stores()));
        status.put("model", manifest.modelId());
        status.put("dimension", manifest.dimension());
        status.put("chunking", manifest.chunking());
        status.put("formatVersion", manifest.formatVersion());
        status.put("notesBySource", stats.notesBySource());
        status.put("notes", stats.notesBySource().values().stream().mapToInt(Integer::intValue).sum());
        status.put("chunks", stats.chunks());
        status.put("skippedBySource", config.skipped());
        status.put("bytesOnDisk", stats.bytesOnDisk());
        status.put("changedSinceLastSync", changed);
        status.put("lastSync", stats.lastSync().map(Object::toString).orElse(null));
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(status));
            return 0;
        }
        out.printf("index      %s (%s, format %d)%n", folder, storeOptions.storeName(plugins.stores()), manifest.formatVersion());
        out.printf("model      %s, %d dimensions%n", manifest.modelId(), manifest.dimension());
        out.printf("chunking   %s%n", manifest.chunking());
        stats.notesBySource().forEach((source, notes) -> {
            out.printf("source     %s: %s%n", source, Counted.of(notes, "note"));
            config.skipped().getOrDefault(source, Map.of())
                    .forEach((reason, count) -> out.printf("           skipped %d: %s%n", count, reason));
        });
        out.printf("chunks     %d%n", stats.chunks());
        out.printf("size       %.1f MB on disk%n", stats.bytesOnDisk() / 1e6);
        out.printf("last sync  %s%n", stats.lastSync().map(Object::toString).orElse("never completed"));
        out.printf("changed    %s%n", changed == null ? "unknown: a source cannot be read now"
                : changed == 0 ? "nothing since the last sync" : Counted.of(changed, "note") + " since the last sync (bearings index"
                + storeOptions.indexFlag() + " syncs them)");
        return 0;
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
