package dev.bearings.app.words;

import dev.bearings.core.usecase.SyncIndex;

import java.util.Locale;
import java.util.stream.Collectors;

/** One source's sync in one line, as {@code bearings index} and the watcher print it. */
public final class SyncSummary {
    private SyncSummary() {
    }

    public static String line(SyncIndex.Report r) {
        String skipped = r.skipped().isEmpty() ? "" : "; skipped " + r.skipped().entrySet().stream()
                .map(e -> e.getValue() + " (" + e.getKey() + ")").collect(Collectors.joining(", "));
        String deferred = r.deferred() == 0 ? "" : "; " + Counted.of(r.deferred(), "changed note") + " left for the next sync";
        return String.format(Locale.ROOT, "%s: %s added, %d changed, %d removed, %d unchanged; %s embedded, %d reused%s%s; %.1f s",
                r.source(), Counted.of(r.added(), "note"), r.changed(), r.removed(), r.unchanged(),
                Counted.of(r.chunksEmbedded(), "chunk"), r.chunksReused(), skipped, deferred, r.took().toMillis() / 1000.0);
    }
}
