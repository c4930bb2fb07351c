package dev.bearings.app.testing;

import dev.bearings.app.LiveIndex;
import dev.bearings.app.OpenedEmbedder;
import dev.bearings.app.OpenedRecipe;
import dev.bearings.app.SourcesConfig;
import dev.bearings.core.chunk.ChunkingRules;
import dev.bearings.core.embed.Embedder;
import dev.bearings.core.embed.Embedding;
import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.plugin.NoteSourceProvider;
import dev.bearings.core.plugin.ProviderRegistry;
import dev.bearings.core.plugin.Settings;
import dev.bearings.embedding.onnx.OnnxEmbedderProvider;
import dev.bearings.parser.commonmark.CommonmarkParserProvider;
import dev.bearings.source.files.FolderSourceProvider;
import dev.bearings.store.sqlite.SqliteIndexProvider;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The project's example notes, copied into a test's own folder and served as a live index with the
 * default recipe: commonmark, SQLite, bge-small-en-v1.5 (int8) from its Maven artifact. The model is
 * loaded once per JVM and shared, as a server shares it between its calls.
 */
public final class ExampleIndex implements AutoCloseable {
    /** The example notes in the repository, found from the module's folder. */
    public static final Path EXAMPLES = Path.of("..", "examples", "notes").toAbsolutePath().normalize();
    private static Embedder model;

    private final Path notes;
    private final Path folder;
    private final LiveIndex index;

    private ExampleIndex(Path notes, Path folder, LiveIndex index) {
        this.notes = notes;
        this.folder = folder;
        this.index = index;
    }

    /** The default model, loaded once per JVM. */
    public static synchronized Embedder model() {
        if (model == null) {
            model = new OnnxEmbedderProvider().create(Settings.NONE);
        }
        return model;
    }

    /** The notes in the store given, at {@code root/notes} and {@code root/index}, configured as the index's one source, not yet synced. */
    public static ExampleIndex in(Path root) throws IOException {
        Path notes = copy(EXAMPLES, root.resolve("notes"));
        Path folder = root.resolve("index");
        new SourcesConfig(List.of(new SourcesConfig.Source("folder", Map.of("path", notes.toString()))), Map.of()).write(folder);
        return open(notes, folder);
    }

    /** The same, synced once. */
    public static ExampleIndex synced(Path root) throws Exception {
        ExampleIndex example = in(root);
        example.index().syncAll();
        return example;
    }

    /** A live index on {@code folder}, with the default recipe and the shared model. */
    public static ExampleIndex open(Path notes, Path folder) {
        Embedder shared = new Unclosed(model());
        OpenedEmbedder embedder = new OpenedEmbedder("onnx", Map.of("model", shared.modelId()), shared);
        IndexRecipe recipe = IndexRecipe.of("commonmark", ChunkingRules.DEFAULT, true, IndexRecipe.Prefix.TITLED, "onnx",
                embedder.settings(), shared);
        OpenedRecipe opened = new OpenedRecipe(new CommonmarkParserProvider().create(Settings.NONE), embedder, recipe);
        return new ExampleIndex(notes, folder, new LiveIndex(folder, store(), opened, sources(), Clock.systemUTC()));
    }

    public static ChunkIndexStore store() {
        return new SqliteIndexProvider().create(Settings.NONE);
    }

    public static ProviderRegistry<NoteSourceProvider> sources() {
        return ProviderRegistry.of("note source", List.of(new FolderSourceProvider()));
    }

    public Path notes() {
        return notes;
    }

    public Path folder() {
        return folder;
    }

    public LiveIndex index() {
        return index;
    }

    @Override
    public void close() {
        index.close();
    }

    private static Path copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : files.toList()) {
                Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target);
                }
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return to;
    }

    /** The shared model, which closing one index must not close for the others. */
    private record Unclosed(Embedder model) implements Embedder {
        @Override
        public String modelId() {
            return model.modelId();
        }

        @Override
        public int dimension() {
            return model.dimension();
        }

        @Override
        public int maxTokens() {
            return model.maxTokens();
        }

        @Override
        public int countTokens(String text) {
            return model.countTokens(text);
        }

        @Override
        public List<Embedding> embed(List<String> texts) {
            return model.embed(texts);
        }

        @Override
        public Embedding embedQuery(String query) {
            return model.embedQuery(query);
        }

        @Override
        public void close() {
            // Shared by every index of the JVM.
        }
    }
}
