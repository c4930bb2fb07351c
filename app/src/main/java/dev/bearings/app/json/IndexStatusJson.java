package dev.bearings.app.json;

import dev.bearings.app.source.SourcesConfig;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.index.IndexManifest;
import dev.bearings.core.index.IndexStats;

import java.util.List;
import java.util.Map;

/**
 * An index's state, as {@code bearings status --json} prints it and the MCP tool {@code index_status}
 * returns it: one shape, one set of keys. It does not name the index's folder, which an agent is not
 * shown (no path outside the notes' sources leaves the MCP server).
 *
 * @param sources              the names of the sources the index syncs
 * @param skippedBySource      per source, the notes left out at its last sync, by reason
 * @param changedSinceLastSync notes added, changed or removed in the sources since; null when a source cannot be read now
 */
public record IndexStatusJson(String store, String model, int dimension, ChunkingJson chunking, int formatVersion, int notes,
                       int chunks, Map<String, Integer> notesBySource, List<String> sources,
                       Map<String, Map<String, Integer>> skippedBySource, long bytesOnDisk, Integer changedSinceLastSync,
                       String lastSync) {

    public static IndexStatusJson of(String store, ChunkIndexReader reader, SourcesConfig config, List<String> sources,
                                          Integer changed) {
        IndexManifest manifest = reader.manifest();
        IndexStats stats = reader.stats();
        return new IndexStatusJson(store, manifest.modelId(), manifest.dimension(), ChunkingJson.of(manifest.recipe()),
                manifest.formatVersion(), stats.notesBySource().values().stream().mapToInt(Integer::intValue).sum(), stats.chunks(),
                stats.notesBySource(), sources, config.skipped(), stats.bytesOnDisk(), changed,
                stats.lastSync().map(Object::toString).orElse(null));
    }
}
