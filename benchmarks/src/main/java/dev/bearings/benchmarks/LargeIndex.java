package dev.bearings.benchmarks;

import dev.bearings.app.index.NewIndex;
import dev.bearings.core.embed.Embedder;
import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.chunk.HeadingPath;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.index.IndexedChunk;
import dev.bearings.core.note.IndexedNote;
import dev.bearings.core.plugin.ChunkIndexProvider;
import dev.bearings.core.plugin.Settings;
import dev.bearings.embedding.onnx.OnnxEmbedderProvider;
import dev.bearings.store.lucene.LuceneIndexProvider;
import dev.bearings.store.sqlite.SqliteIndexProvider;

import dev.bearings.core.usecase.SyncIndex;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An index of a given number of chunks for the search latency and load benchmarks, built once and
 * kept under {@code target/bench-indexes}. Chunk texts are real (PowerShell docs chunks, reused
 * round-robin under new note ids when more are needed); their vectors come from the {@code hashing}
 * embedder, since embedding 100,000 chunks with the model would take hours and a store's search time
 * depends on how many vectors it holds, not on what they mean. Queries are embedded with the real model.
 * {@link #forModel} makes the same index under the recipe of the default model, so that the command line
 * and the MCP server open it and embed their questions as they would for a user's index. An index built
 * by an older store format is upgraded when opened (for SQLite: the vector file written).
 */
final class LargeIndex {
    static final int CHUNKS_PER_NOTE = 10;

    private LargeIndex() {
    }

    static ChunkIndexStore store(String name) {
        ChunkIndexProvider provider = name.equals("lucene") ? new LuceneIndexProvider() : new SqliteIndexProvider();
        return provider.create(Settings.NONE);
    }

    /** Opens the index of {@code chunks} chunks in this store, building it first when it is not there yet. */
    static ChunkIndexReader open(String storeName, int chunks) throws Exception {
        ChunkIndexStore store = store(storeName);
        return store.openExisting(once(store, Path.of("target", "bench-indexes", storeName + "-" + chunks), chunks, null));
    }

    /**
     * The folder of the index of {@code chunks} chunks under the default model's recipe (vectors still
     * the hashing embedder's, of the model's dimension), built first when it is not there yet.
     */
    static Path forModel(String storeName, int chunks) throws Exception {
        try (Embedder model = new OnnxEmbedderProvider().create(Settings.NONE)) {
            IndexRecipe recipe = NewIndex.recipe(NewIndex.PARSER, NewIndex.RULES, NewIndex.EMBEDDER, Map.of(), model);
            return once(store(storeName), Path.of("target", "bench-indexes", storeName + "-" + chunks + "-model").toAbsolutePath(),
                    chunks, recipe);
        }
    }

    private static Path once(ChunkIndexStore store, Path folder, int chunks, IndexRecipe recipe) throws Exception {
        Path done = folder.resolve("complete");
        if (!Files.exists(done)) {
            build(store, folder, chunks, recipe);
            Files.writeString(done, "ok");
        }
        IndexRecipe built;
        int format;
        try (ChunkIndexReader index = store.openExisting(folder)) {
            built = index.manifest().recipe();
            format = index.manifest().formatVersion();
        }
        if (format < store.formatVersion()) {
            try (ChunkIndex upgraded = store.open(folder, built, false)) {
                upgraded.markSynced(Instant.now());
            }
        }
        return folder;
    }

    static void build(ChunkIndexStore store, Path folder, int chunks) throws Exception {
        build(store, folder, chunks, null);
    }

    /** @param recipe the index's recipe; null for the hashing embedder's own */
    private static void build(ChunkIndexStore store, Path folder, int chunks, IndexRecipe recipe) throws Exception {
        List<String> texts = ChunkSample.texts(Math.min(chunks, 20_000));
        try (Embedder hashing = new HashingEmbedderProvider().create(Settings.NONE)) {
            IndexRecipe made = recipe != null ? recipe : NewIndex.recipe(NewIndex.PARSER, NewIndex.RULES, "hashing",
                    Map.of(), hashing);
            try (ChunkIndex index = store.open(folder, made, true)) {
                for (int note = 0; note * CHUNKS_PER_NOTE < chunks; note++) {
                    IndexedNote indexed = new IndexedNote("bench", "note-" + note + ".md", "v1", "Note " + note,
                            Set.of(note % 2 == 0 ? "even" : "odd", "bench/" + note % 10), Instant.ofEpochSecond(note * 3600L),
                            "file:///bench/note-" + note + ".md");
                    List<String> noteTexts = new ArrayList<>();
                    for (int i = 0; i < CHUNKS_PER_NOTE && note * CHUNKS_PER_NOTE + i < chunks; i++) {
                        noteTexts.add(texts.get((note * CHUNKS_PER_NOTE + i) % texts.size()) + "\n(copy " + note + ")");
                    }
                    var vectors = hashing.embed(noteTexts);
                    List<IndexedChunk> indexedChunks = new ArrayList<>();
                    for (int i = 0; i < noteTexts.size(); i++) {
                        // Stored under the hash of the text as embedded, as a sync stores it: a search finds a keyword
                        // hit's vector by it.
                        String embedded = made.prefix(indexed.title(), "").apply(HeadingPath.parse("# Note " + note).orElseThrow(),
                                noteTexts.get(i));
                        indexedChunks.add(new IndexedChunk(i, "# Note " + note, 1 + 10 * i, 10 + 10 * i, noteTexts.get(i),
                                SyncIndex.sha256(embedded), vectors.get(i).vector(), ""));
                    }
                    index.replaceNote(indexed, indexedChunks);
                }
                index.markSynced(Instant.now());
            }
        }
    }
}
