package dev.bearings.embedding.support;

import dev.bearings.core.plugin.SettingValues;
import dev.bearings.core.plugin.Settings;

import java.util.Optional;
import java.util.Set;

/**
 * The settings both embedding engines take:
 * {@code model} (a bundled model, {@link EmbeddingModel#BUNDLED}, or a directory; default
 * {@value #DEFAULT_MODEL}), {@code window} (tokens, default the model's, at most 512), {@code threads} (default: cores, at most 16),
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
    /** The model an embedder uses when none is named: see docs/decisions/0002-fusion-and-model.md. */
    public static final String DEFAULT_MODEL = "bge-small-int8";

    public static EmbedderSettings from(Settings settings) {
        SettingValues values = new SettingValues("the embedder", settings);
        Optional<Pooling> pooling = settings.get("pooling").map(p -> values.choice("pooling", Pooling.MEAN));
        Optional<Boolean> normalize = settings.get("normalize").map(n -> values.flag("normalize", true));
        EmbeddingModel model = EmbeddingModel.named(settings.get("model").orElse(DEFAULT_MODEL), pooling, normalize);
        int window = values.number("window", model.defaultWindow(), 3, EmbeddingModel.MAX_POSITIONS);
        int threads = values.number("threads", Math.min(16, Runtime.getRuntime().availableProcessors()), 1, 256);
        int batch = values.number("batch", model.defaultBatch(), 1, 4096);
        int intra = values.number("intra", 1, 1, 256);
        boolean sort = values.flag("sort", true);
        return new EmbedderSettings(model, window, threads, batch, intra, sort);
    }
}
