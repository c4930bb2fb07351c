package dev.bearings.embedding.support;

import dev.bearings.core.embed.Embedder;
import dev.bearings.core.embed.Embedding;

import java.util.List;
import java.util.function.Supplier;

/**
 * What every engine's {@link Embedder} shares: the model's name and window known at once, the
 * engine itself loaded on first use, and all calls served by its {@link BatchedInference}. An engine
 * adapter supplies only the loading and the inference call.
 */
public abstract class LazyEngineEmbedder implements Embedder {

    /** A loaded model: the batching around it, its vector length, one inference call. */
    public interface Engine extends BatchedInference.Runner {
        BatchedInference inference();

        int dimension();

        void close();
    }

    private final EmbeddingModel model;
    private final int window;
    private final Lazy<Engine> engine;

    protected LazyEngineEmbedder(EmbeddingModel model, int window, int threads, int batchSize, int intraOpThreads,
                                 Supplier<Engine> loader) {
        this.model = model;
        this.window = EmbeddingModel.checkedWindow(window);
        if (threads < 1 || batchSize < 1 || intraOpThreads < 1) {
            throw new IllegalArgumentException("threads, batch size and intra-op threads must be at least 1, were "
                    + threads + ", " + batchSize + " and " + intraOpThreads);
        }
        this.engine = new Lazy<>(loader);
    }

    @Override
    public final String modelId() {
        return model.id();
    }

    @Override
    public final int dimension() {
        return model.knownDimension() > 0 ? model.knownDimension() : engine.get().dimension();
    }

    @Override
    public final int maxTokens() {
        return window;
    }

    @Override
    public final int countTokens(String text) {
        return engine.get().inference().countTokens(model.settings().passagePrefix() + text);
    }

    @Override
    public final List<Embedding> embed(List<String> texts) {
        String prefix = model.settings().passagePrefix();
        return run(prefix.isEmpty() ? texts : texts.stream().map(prefix::concat).toList());
    }

    @Override
    public final Embedding embedQuery(String query) {
        return run(List.of(model.settings().queryPrefix() + query)).get(0);
    }

    private List<Embedding> run(List<String> texts) {
        Engine loaded = engine.get();
        return loaded.inference().embed(texts, loaded);
    }

    @Override
    public final void close() {
        if (engine.isLoaded()) {
            engine.get().close();
        }
    }
}
