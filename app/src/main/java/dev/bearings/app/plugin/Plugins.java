package dev.bearings.app.plugin;

import dev.bearings.core.plugin.ChunkIndexProvider;
import dev.bearings.core.plugin.EmbedderProvider;
import dev.bearings.core.plugin.NoteSourceProvider;
import dev.bearings.core.plugin.ParserProvider;
import dev.bearings.core.plugin.Provider;
import dev.bearings.core.plugin.ProviderRegistry;

import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.function.Supplier;

/**
 * The providers of every port that commands choose from by name: the built-in ones and a third party's
 * alike, each listed in {@code META-INF/services} of its jar and found there, which is the one list of
 * them. Each port's registry is made when it is first asked for: a command that never opens an index
 * never loads a store.
 */
public final class Plugins {
    /**
     * Our own adapters that ship apart from the jar, as plugins, by the name they are chosen by: what to add
     * to the class path when one is asked for and missing.
     */
    public static final Map<String, String> SHIPPED_APART = Map.of(
            "solr", "bearings-store-solr-<version>-plugin.jar (in adapters-store/solr/target of a clone)",
            "djl", "bearings-embedding-djl-<version>-plugin.jar (in adapters-embedding/djl/target of a clone)");

    private final Supplier<ProviderRegistry<ParserProvider>> parsers;
    private final Supplier<ProviderRegistry<EmbedderProvider>> embedders;
    private final Supplier<ProviderRegistry<ChunkIndexProvider>> stores;
    private final Supplier<ProviderRegistry<NoteSourceProvider>> sources;

    private Plugins(Supplier<ProviderRegistry<ParserProvider>> parsers, Supplier<ProviderRegistry<EmbedderProvider>> embedders,
                    Supplier<ProviderRegistry<ChunkIndexProvider>> stores, Supplier<ProviderRegistry<NoteSourceProvider>> sources) {
        this.parsers = once(parsers);
        this.embedders = once(embedders);
        this.stores = once(stores);
        this.sources = once(sources);
    }

    /** The providers {@link ServiceLoader} finds through {@code loader}: the jar's own and every plugin's on the class path. */
    public static Plugins discovered(ClassLoader loader) {
        return new Plugins(() -> registry("Markdown parser", ParserProvider.class, loader),
                () -> registry("embedder", EmbedderProvider.class, loader),
                () -> registry("index store", ChunkIndexProvider.class, loader),
                () -> registry("note source", NoteSourceProvider.class, loader));
    }

    /** These providers, and no others: for tests and for programs that choose their own. */
    public static Plugins of(List<ParserProvider> parsers, List<EmbedderProvider> embedders, List<ChunkIndexProvider> stores,
                             List<NoteSourceProvider> sources) {
        return new Plugins(() -> ProviderRegistry.of("Markdown parser", parsers, SHIPPED_APART),
                () -> ProviderRegistry.of("embedder", embedders, SHIPPED_APART),
                () -> ProviderRegistry.of("index store", stores, SHIPPED_APART),
                () -> ProviderRegistry.of("note source", sources, SHIPPED_APART));
    }

    private static <P extends Provider<?>> ProviderRegistry<P> registry(String port, Class<P> type, ClassLoader loader) {
        return ProviderRegistry.of(port, ServiceLoader.load(type, loader).stream().map(ServiceLoader.Provider::get).toList(),
                SHIPPED_APART);
    }

    public ProviderRegistry<ParserProvider> parsers() {
        return parsers.get();
    }

    public ProviderRegistry<EmbedderProvider> embedders() {
        return embedders.get();
    }

    public ProviderRegistry<ChunkIndexProvider> stores() {
        return stores.get();
    }

    public ProviderRegistry<NoteSourceProvider> sources() {
        return sources.get();
    }

    private static <T> Supplier<T> once(Supplier<T> make) {
        return new Supplier<>() {
            private T made;

            @Override
            public synchronized T get() {
                if (made == null) {
                    made = make.get();
                }
                return made;
            }
        };
    }
}
