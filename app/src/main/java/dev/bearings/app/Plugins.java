package dev.bearings.app;

import dev.bearings.core.plugin.ChunkIndexProvider;
import dev.bearings.core.plugin.EmbedderProvider;
import dev.bearings.core.plugin.NoteSourceProvider;
import dev.bearings.core.plugin.ParserProvider;
import dev.bearings.core.plugin.ProviderRegistry;

/** The providers of every port, built in and found on the classpath, that commands choose from by name. */
public record Plugins(ProviderRegistry<ParserProvider> parsers, ProviderRegistry<EmbedderProvider> embedders,
               ProviderRegistry<ChunkIndexProvider> stores, ProviderRegistry<NoteSourceProvider> sources) {
}
