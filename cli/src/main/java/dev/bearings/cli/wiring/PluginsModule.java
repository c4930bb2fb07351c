package dev.bearings.cli.wiring;

import dagger.Module;
import dagger.Provides;
import dagger.multibindings.IntoSet;
import dev.bearings.app.Plugins;
import dev.bearings.core.plugin.ChunkIndexProvider;
import dev.bearings.core.plugin.EmbedderProvider;
import dev.bearings.core.plugin.NoteSourceProvider;
import dev.bearings.core.plugin.ParserProvider;
import dev.bearings.core.plugin.ProviderRegistry;
import dev.bearings.embedding.djl.DjlEmbedderProvider;
import dev.bearings.embedding.onnx.OnnxEmbedderProvider;
import dev.bearings.parser.commonmark.CommonmarkParserProvider;
import dev.bearings.parser.flexmark.FlexmarkParserProvider;
import dev.bearings.source.bear.BearSourceProvider;
import dev.bearings.source.files.FolderSourceProvider;
import dev.bearings.store.lucene.LuceneIndexProvider;
import dev.bearings.store.solr.SolrIndexProvider;
import dev.bearings.store.sqlite.SqliteIndexProvider;

import java.util.Set;
import javax.inject.Singleton;

/**
 * The built-in adapters, bound at compile time, plus whatever providers {@link java.util.ServiceLoader}
 * finds on the classpath: that is how a third party's adapter joins without a change here.
 */
@Module
interface PluginsModule {

    @Provides
    @IntoSet
    static ParserProvider commonmark() {
        return new CommonmarkParserProvider();
    }

    @Provides
    @IntoSet
    static ParserProvider flexmark() {
        return new FlexmarkParserProvider();
    }

    @Provides
    @IntoSet
    static EmbedderProvider onnx() {
        return new OnnxEmbedderProvider();
    }

    @Provides
    @IntoSet
    static EmbedderProvider djl() {
        return new DjlEmbedderProvider();
    }

    @Provides
    @Singleton
    static ProviderRegistry<EmbedderProvider> embedders(Set<EmbedderProvider> builtIn) {
        return ProviderRegistry.of("embedder", ServiceLoaderBridge.withDiscovered(EmbedderProvider.class, builtIn));
    }

    @Provides
    @IntoSet
    static ChunkIndexProvider sqlite() {
        return new SqliteIndexProvider();
    }

    @Provides
    @IntoSet
    static ChunkIndexProvider lucene() {
        return new LuceneIndexProvider();
    }

    @Provides
    @IntoSet
    static ChunkIndexProvider solr() {
        return new SolrIndexProvider();
    }

    @Provides
    @Singleton
    static ProviderRegistry<ChunkIndexProvider> stores(Set<ChunkIndexProvider> builtIn) {
        return ProviderRegistry.of("index store", ServiceLoaderBridge.withDiscovered(ChunkIndexProvider.class, builtIn));
    }

    @Provides
    @IntoSet
    static NoteSourceProvider folder() {
        return new FolderSourceProvider();
    }

    @Provides
    @IntoSet
    static NoteSourceProvider bear() {
        return new BearSourceProvider();
    }

    @Provides
    @Singleton
    static ProviderRegistry<NoteSourceProvider> sources(Set<NoteSourceProvider> builtIn) {
        return ProviderRegistry.of("note source", ServiceLoaderBridge.withDiscovered(NoteSourceProvider.class, builtIn));
    }

    @Provides
    @Singleton
    static ProviderRegistry<ParserProvider> parsers(Set<ParserProvider> builtIn) {
        return ProviderRegistry.of("Markdown parser", ServiceLoaderBridge.withDiscovered(ParserProvider.class, builtIn));
    }

    @Provides
    @Singleton
    static Plugins plugins(ProviderRegistry<ParserProvider> parsers, ProviderRegistry<EmbedderProvider> embedders,
                           ProviderRegistry<ChunkIndexProvider> stores, ProviderRegistry<NoteSourceProvider> sources) {
        return new Plugins(parsers, embedders, stores, sources);
    }
}
