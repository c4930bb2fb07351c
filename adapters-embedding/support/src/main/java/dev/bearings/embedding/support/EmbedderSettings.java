package dev.bearings.embedding.support;

import dev.bearings.core.plugin.Settings;

import java.util.Locale;
import java.util.Set;

/**
 * The settings both embedding engines take:
 * {@code model} (fp32, int8 or a directory; default fp32), {@code window} (tokens, default the
 * model's: 256 for all-MiniLM-L6-v2, at most 512), {@code threads} (default: cores, at most 16),
 * {@code batch} (texts per inference call), {@code pooling} (mean or cls, for a directory model) and
 * {@code normalize} (true or false, for a directory model). Two more exist to measure the
 * alternatives the defaults were chosen over: {@code intra} (intra-op threads per inference call,
 * default 1) and {@code sort} (batch texts of similar length together, default true).
 */
public record EmbedderSettings(EmbeddingModel model, int window, int threads, int batch, int intraOpThreads,
                               boolean sortByLength) {
    public static final Set<String> NAMES = Set.of("model", "window", "threads", "batch", "pooling", "normalize",
            "intra", "sort");
    public static final int DEFAULT_BATCH = 8;

    public static EmbedderSettings from(Settings settings) {
        Pooling pooling = Pooling.valueOf(settings.get("pooling").orElse("mean").toUpperCase(Locale.ROOT));
        boolean normalize = Boolean.parseBoolean(settings.get("normalize").orElse("true"));
        EmbeddingModel model = EmbeddingModel.named(settings.get("model").orElse("fp32"), pooling, normalize);
        int window = integer(settings, "window", model.defaultWindow());
        int threads = integer(settings, "threads", Math.min(16, Runtime.getRuntime().availableProcessors()));
        int batch = integer(settings, "batch", DEFAULT_BATCH);
        int intra = integer(settings, "intra", 1);
        boolean sort = Boolean.parseBoolean(settings.get("sort").orElse("true"));
        return new EmbedderSettings(model, window, threads, batch, intra, sort);
    }

    private static int integer(Settings settings, String name, int fallback) {
        String value = settings.get(name).orElse(null);
        if (value == null) {
            return fallback;
        }
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("embedder setting " + name + " must be a whole number, was '" + value + "'");
        }
    }
}
