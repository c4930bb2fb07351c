package dev.bearings.cli;

import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.plugin.ChunkIndexProvider;
import dev.bearings.core.plugin.ProviderRegistry;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.Locale;

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
        return (folder != null ? folder : defaultFolder()).toAbsolutePath().normalize();
    }

    ChunkIndexStore store(ProviderRegistry<ChunkIndexProvider> stores) {
        ProviderSpec spec = ProviderSpec.parse(store);
        return stores.create(spec.name(), spec.settings());
    }

    /** The store's name without its settings, which may hold a password: what status and the MCP server show. */
    String storeName() {
        return ProviderSpec.parse(store).name();
    }

    /** The user's data folder, as each platform names it. */
    static Path defaultFolder() {
        String home = System.getProperty("user.home");
        String xdg = System.getenv("XDG_DATA_HOME");
        if (xdg != null && !xdg.isBlank()) {
            return Path.of(xdg, "bearings");
        }
        if (System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("mac")) {
            return Path.of(home, "Library", "Application Support", "bearings");
        }
        return Path.of(home, ".local", "share", "bearings");
    }
}
