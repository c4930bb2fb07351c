package dev.bearings.app.testing;

import dev.bearings.app.index.LiveIndex;
import dev.bearings.app.index.OpenedEmbedder;
import dev.bearings.app.index.OpenedRecipe;
import dev.bearings.app.source.SourcesConfig;
import dev.bearings.core.chunk.ChunkingRules;
import dev.bearings.core.embed.Embedder;
import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.plugin.NoteSourceProvider;
import dev.bearings.core.plugin.ProviderRegistry;
import dev.bearings.core.plugin.Settings;
import dev.bearings.embedding.onnx.OnnxEmbedderProvider;
import dev.bearings.parser.commonmark.CommonmarkParserProvider;
import dev.bearings.source.files.FolderSourceProvider;
import dev.bearings.store.lucene.LuceneIndexProvider;
import dev.bearings.store.sqlite.SqliteIndexProvider;
import dev.bearings.testkit.WordHashingEmbedder;

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
 * loaded once per JVM and shared, as a server shares it between its calls. A test of what the index
 * does, not of what the model finds, may give a stand-in for the model instead ({@link #standIn}).
 */
public final class ExampleIndex implements AutoCloseable {
    /** The example notes in the repository, found from the module's folder. */
    public static final Path EXAMPLES = Path.of("..", "examples", "notes").toAbsolutePath().normalize();
    /** The embedder's name in the recipe of an index with a stand-in for the model. */
    private static final String STAND_IN = "testkit";
    private static Embedder model;

    private final Path notes;
    private final Path folder;
    private final LiveIndex index;
    private final IndexRecipe recipe;

    private ExampleIndex(Path notes, Path folder, LiveIndex index, IndexRecipe recipe) {
        this.notes = notes;
        this.folder = folder;
        this.index = index;
        this.recipe = recipe;
    }

    /** The default model, loaded once per JVM. */
    public static synchronized Embedder model() {
        if (model == null) {
            model = new OnnxEmbedderProvider().create(Settings.NONE);
        }
        return model;
    }

    /**
     * A stand-in for the model: each word hashed to a vector, so texts that share words are near. Where
     * embedding with the real model would be most of a test's time, and what it finds is not the test's.
     */
    public static Embedder standIn() {
        return new WordHashingEmbedder(32, 512);
    }

    /** The example notes at {@code root/notes} and an index at {@code root/index} with them as its one source, not yet synced. */
    public static ExampleIndex in(Path root) throws IOException {
        return of(copy(EXAMPLES, root.resolve("notes")), root.resolve("index"), "sqlite");
    }

    /** An index in {@code folder}, of the built-in store named, with the folder {@code notes} as its one source, not yet synced. */
    public static ExampleIndex of(Path notes, Path folder, String store) throws IOException {
        return open(withItsSource(notes, folder), folder, store(store));
    }

    /** The same with {@code standIn} for the model ({@link #standIn}, or one made from it). */
    public static ExampleIndex of(Path notes, Path folder, String store, Embedder standIn) throws IOException {
        return open(withItsSource(notes, folder), folder, store(store), STAND_IN, standIn);
    }

    /** The example notes and an index of them, as {@link #in}, synced once. */
    public static ExampleIndex synced(Path root) throws Exception {
        return synced(in(root));
    }

    /** The same with {@code standIn} for the model. */
    public static ExampleIndex synced(Path root, Embedder standIn) throws Exception {
        return synced(of(copy(EXAMPLES, root.resolve("notes")), root.resolve("index"), "sqlite", standIn));
    }

    private static ExampleIndex synced(ExampleIndex example) throws Exception {
        example.index().syncAll();
        return example;
    }

    /** Writes {@code folder}'s sources file: {@code notes} is its one source. */
    private static Path withItsSource(Path notes, Path folder) throws IOException {
        new SourcesConfig(List.of(new SourcesConfig.Source("folder", Map.of("path", notes.toString()))), Map.of()).write(folder);
        return notes;
    }

    /** A live index on {@code folder}, with the default recipe and the shared model, in SQLite. */
    public static ExampleIndex open(Path notes, Path folder) {
        return open(notes, folder, store());
    }

    /** The same in {@code store}. */
    public static ExampleIndex open(Path notes, Path folder, ChunkIndexStore store) {
        // The shared model, which closing one index must not close for the others.
        return open(notes, folder, store, "onnx", new ClosedAs(model(), () -> { }));
    }

    private static ExampleIndex open(Path notes, Path folder, ChunkIndexStore store, String provider, Embedder model) {
        OpenedEmbedder embedder = new OpenedEmbedder(provider, Map.of("model", model.modelId()), model);
        IndexRecipe recipe = IndexRecipe.of("commonmark", ChunkingRules.DEFAULT, true, IndexRecipe.Prefix.TITLED, provider,
                embedder.settings(), model);
        OpenedRecipe opened = new OpenedRecipe(new CommonmarkParserProvider().create(Settings.NONE), embedder, recipe);
        return new ExampleIndex(notes, folder, new LiveIndex(folder, store, opened, sources(), Clock.systemUTC()), recipe);
    }

    public static ChunkIndexStore store() {
        return store("sqlite");
    }

    /** A built-in store by name: sqlite or lucene. */
    public static ChunkIndexStore store(String name) {
        return switch (name) {
            case "sqlite" -> new SqliteIndexProvider().create(Settings.NONE);
            case "lucene" -> new LuceneIndexProvider().create(Settings.NONE);
            default -> throw new IllegalArgumentException("no built-in store " + name);
        };
    }

    /** The recipe the live index writes with. */
    public IndexRecipe recipe() {
        return recipe;
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
}
