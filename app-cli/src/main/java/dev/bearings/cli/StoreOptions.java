package dev.bearings.cli;

import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.plugin.ChunkIndexProvider;
import dev.bearings.core.plugin.ProviderRegistry;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/** Where the index lives and which kind it is, shared by every command that opens one. */
final class StoreOptions {

    @Option(names = "--index", paramLabel = "DIR",
            description = "Index folder (default: $XDG_DATA_HOME/bearings, ~/.local/share/bearings, or "
                    + "~/Library/Application Support/bearings on macOS).")
    Path folder;

    @Option(names = "--store", paramLabel = "NAME[:KEY=VALUE,...]", defaultValue = "sqlite",
            description = "Index kind: sqlite (default), lucene, solr:url=http://HOST:8983/solr[,collection=NAME,...], "
                    + "or a plugin's name.")
    String store;

    Path folder() {
        return folder(Path.of(""));
    }

    /** The folder, a relative {@code --index} taken from {@code workingFolder} (a client's, for a served search). */
    Path folder(Path workingFolder) {
        return (folder != null ? workingFolder.resolve(folder) : DataFolder.path()).toAbsolutePath().normalize();
    }

    ChunkIndexStore store(ProviderRegistry<ChunkIndexProvider> stores) {
        ProviderSpec spec = ProviderSpec.parse(store);
        return stores.create(spec.name(), spec.settings());
    }

    /** The store's name without its settings, which may hold a password: what status and the MCP server show. */
    String storeName() {
        return ProviderSpec.parse(store).name();
    }
}
