package dev.bearings.app.index;

import dev.bearings.app.testing.ClosedAs;
import dev.bearings.app.testing.ExampleIndex;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.testkit.WordHashingEmbedder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

/** The recipe an index was built with, read from it; a recipe opened closes its model with it. */
class OpenedRecipeTest {

    @Test
    void theRecipeOfABuiltIndexAndNoneOfAnAbsentOne(@TempDir Path root) throws Exception {
        try (ExampleIndex example = ExampleIndex.synced(root)) {
            assertThat(OpenedRecipe.built(ExampleIndex.store(), example.folder())).contains(example.recipe());
        }
        assertThat(OpenedRecipe.built(ExampleIndex.store(), root.resolve("none"))).isEmpty();
    }

    @Test
    void closingTheRecipeClosesItsModel() {
        AtomicBoolean closed = new AtomicBoolean();
        WordHashingEmbedder model = new WordHashingEmbedder(8, 64);
        OpenedEmbedder embedder = new OpenedEmbedder("hash", Map.of(), new ClosedAs(model, () -> closed.set(true)));
        IndexRecipe recipe = IndexRecipe.of("commonmark", dev.bearings.core.chunk.ChunkingRules.DEFAULT, true, IndexRecipe.Prefix.TITLED,
                "hash", Map.of(), model);
        new OpenedRecipe(null, embedder, recipe).close();
        assertThat(closed).isTrue();
    }
}
