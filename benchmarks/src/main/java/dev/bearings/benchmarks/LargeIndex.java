package dev.bearings.benchmarks;

import dev.bearings.core.embed.Embedder;
import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.chunk.ChunkingRules;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.index.IndexedChunk;
import dev.bearings.core.index.IndexedNote;
import dev.bearings.core.plugin.ChunkIndexProvider;
import dev.bearings.core.plugin.Settings;
import dev.bearings.store.lucene.LuceneIndexProvider;
import dev.bearings.store.sqlite.SqliteIndexProvider;

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
        Path folder = Path.of("target", "bench-indexes", storeName + "-" + chunks);
        Path done = folder.resolve("complete");
        if (!Files.exists(done)) {
            build(store, folder, chunks);
            Files.writeString(done, "ok");
        }
        return store.openExisting(folder);
    }

    static void build(ChunkIndexStore store, Path folder, int chunks) throws Exception {
        List<String> texts = ChunkSample.texts(Math.min(chunks, 20_000));
        try (Embedder hashing = new HashingEmbedderProvider().create(Settings.NONE)) {
            IndexRecipe recipe = IndexRecipe.of("commonmark", ChunkingRules.DEFAULT, true, IndexRecipe.Prefix.TITLED,
                    "hashing", Map.of(), hashing);
            try (ChunkIndex index = store.open(folder, recipe, true)) {
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
                        indexedChunks.add(new IndexedChunk(i, "# Note " + note, 1 + 10 * i, 10 + 10 * i, noteTexts.get(i),
                                "h" + note + "-" + i, vectors.get(i).vector(), ""));
                    }
                    index.replaceNote(indexed, indexedChunks);
                }
                index.markSynced(Instant.now());
            }
        }
    }
}
