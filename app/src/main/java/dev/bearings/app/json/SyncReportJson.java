package dev.bearings.app.json;

import dev.bearings.core.usecase.SyncIndex;

import java.util.List;
import java.util.Map;

/** One source's sync, as {@code bearings index --json} and the MCP tool {@code sync_index} report it. */
public record SyncReportJson(String source, int added, int changed, int removed, int unchanged, int chunksEmbedded,
                      int chunksReused, Map<String, Integer> skipped, int deferred, List<String> unreadable, double seconds) {

    public static SyncReportJson of(SyncIndex.Report r) {
        return new SyncReportJson(r.source(), r.added(), r.changed(), r.removed(), r.unchanged(), r.chunksEmbedded(),
                r.chunksReused(), r.skipped(), r.deferred(), r.unreadable(), r.took().toMillis() / 1000.0);
    }
}
