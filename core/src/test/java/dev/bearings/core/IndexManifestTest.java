package dev.bearings.core;

import dev.bearings.core.chunk.ChunkingRules;
import dev.bearings.core.index.IndexManifest;
import dev.bearings.core.index.IndexMismatchException;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.search.ConvexFusion;
import dev.bearings.core.search.Fusion;
import dev.bearings.core.search.MatchStrength;
import dev.bearings.core.search.SearchTuning;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What an index records about itself, read back from the flat fields every store keeps, and compared. */
class IndexManifestTest {
    private static final IndexRecipe RECIPE = new IndexRecipe("commonmark", ChunkingRules.DEFAULT, true, IndexRecipe.Prefix.TITLED,
            "onnx", Map.of("model", "int8"), "bge-small-en-v1.5/int8", 512, 384);

    @Test
    void theFieldsGiveBackTheSameManifest() {
        IndexManifest manifest = new IndexManifest(3, RECIPE);
        Map<String, String> fields = manifest.fields();
        assertThat(fields).containsEntry("format", "3").containsEntry("model", "bge-small-en-v1.5/int8")
                .containsEntry("embedder.model", "int8").containsEntry("prefix", "title > path").containsEntry("max-words", "300")
                .containsEntry("token-budget", "true").containsEntry("window", "512").containsEntry("dimension", "384");
        Map<String, String> withAStoresOwn = new HashMap<>(fields);
        withAStoresOwn.put("last_sync", "2026-12-01T00:00:00Z");
        assertThat(IndexManifest.ofFields(withAStoresOwn)).isEqualTo(manifest);
        assertThat(manifest.modelId()).isEqualTo("bge-small-en-v1.5/int8");
        assertThat(manifest.dimension()).isEqualTo(384);
        assertThat(manifest.chunking()).isEqualTo("max 300, min 30, overlap 40 words, window 512 tokens, prefix title > path, "
                + "parser commonmark");
    }

    @Test
    void theFusionIsTheModelsUnlessTheManifestNamesAnother() {
        assertThat(RECIPE.fusion()).isEqualTo(Fusion.QUERY_AWARE);
        Map<String, String> fields = new HashMap<>(new IndexManifest(3, RECIPE.withFusion(new ConvexFusion(0.7))).fields());
        assertThat(fields).containsEntry("fusion", "convex:alpha=0.7");
        assertThat(IndexManifest.ofFields(fields).recipe().fusion()).isEqualTo(new ConvexFusion(0.7));
        fields.remove("fusion");
        assertThat(IndexManifest.ofFields(fields).recipe().fusion()).isEqualTo(Fusion.QUERY_AWARE);
        fields.put("model", "all-MiniLM-L6-v2/int8");
        assertThat(IndexManifest.ofFields(fields).recipe().fusion()).isEqualTo(SearchTuning.MINILM.fusion());
        assertThat(new IndexManifest(3, RECIPE).differences(new IndexManifest(3, RECIPE.withFusion(SearchTuning.MINILM.fusion()))))
                .as("searching with another fusion needs no rebuild").isEmpty();
    }

    @Test
    void theStrengthThresholdsAreTheModelsUnlessTheManifestNamesOthers() {
        assertThat(RECIPE.tuning()).as("one place says a model's tuning").isEqualTo(SearchTuning.measuredFor(RECIPE.modelId()));
        MatchStrength other = new MatchStrength(0.7, 0.9, 0.55);
        Map<String, String> fields = new HashMap<>(new IndexManifest(3, RECIPE.withStrength(other)).fields());
        assertThat(fields).containsEntry("strength", "similarity=0.7,keyword=0.9,agreement=0.55");
        assertThat(IndexManifest.ofFields(fields).recipe().tuning().strength()).isEqualTo(other);
        fields.put("strength", "similarity=0.8");
        assertThat(IndexManifest.ofFields(fields).recipe().tuning().strength()).as("a threshold left out is the model's")
                .isEqualTo(new MatchStrength(0.8, SearchTuning.BGE_SMALL.strength().keyword(), SearchTuning.BGE_SMALL.strength().agreement()));
        fields.remove("strength");
        assertThat(IndexManifest.ofFields(fields).recipe().tuning().strength()).as("an index made before thresholds were kept")
                .isEqualTo(SearchTuning.BGE_SMALL.strength());
        fields.put("model", "all-MiniLM-L6-v2/int8");
        assertThat(IndexManifest.ofFields(fields).recipe().tuning().strength()).isEqualTo(SearchTuning.MINILM.strength());
        assertThat(new IndexManifest(3, RECIPE).differences(new IndexManifest(3, RECIPE.withStrength(other))))
                .as("other thresholds need no rebuild").isEmpty();
        fields.put("strength", "similarity=high");
        assertThatThrownBy(() -> IndexManifest.ofFields(fields)).hasMessageContaining("'similarity=high' is not name=number");
        fields.put("strength", "recall=0.5");
        assertThatThrownBy(() -> IndexManifest.ofFields(fields)).hasMessageContaining("no threshold recall");
    }

    @Test
    void missingOrMalformedFieldsAreNamed() {
        Map<String, String> fields = new HashMap<>(new IndexManifest(3, RECIPE).fields());
        fields.remove("model");
        assertThatThrownBy(() -> IndexManifest.ofFields(fields)).hasMessage("the index manifest has no model");
        fields.put("model", "m");
        fields.put("window", "wide");
        assertThatThrownBy(() -> IndexManifest.ofFields(fields)).hasMessage("the index manifest's window is not a number: wide");
        fields.put("window", "512");
        fields.put("prefix", "sideways");
        assertThatThrownBy(() -> IndexManifest.ofFields(fields)).hasMessage("unknown prefix scheme 'sideways'");
    }

    @Test
    void anIndexOfTheFirstFormatIsReadFromItsChunkingLine() {
        IndexManifest legacy = IndexManifest.ofFields(Map.of("format", "1", "model", "all-MiniLM-L6-v2/int8", "dimension", "384",
                "chunking", "max 300, min 30, overlap 40 words, window 256 tokens, prefix title > path"));
        assertThat(legacy.formatVersion()).isOne();
        assertThat(legacy.recipe()).isEqualTo(new IndexRecipe("commonmark", ChunkingRules.DEFAULT, true, IndexRecipe.Prefix.TITLED,
                "onnx", Map.of("model", "int8"), "all-MiniLM-L6-v2/int8", 256, 384));
        assertThatThrownBy(() -> IndexManifest.ofFields(Map.of("chunking", "whatever"))).hasMessageContaining("not readable: whatever");
    }

    @Test
    void differencesAreSaidInWordsAndAnotherEngineOfTheSameModelIsNone() throws Exception {
        IndexManifest manifest = new IndexManifest(3, RECIPE);
        IndexRecipe otherEngine = new IndexRecipe("commonmark", ChunkingRules.DEFAULT, true, IndexRecipe.Prefix.TITLED, "djl",
                Map.of(), "bge-small-en-v1.5/int8", 512, 384);
        assertThat(manifest.differences(new IndexManifest(3, otherEngine))).isEmpty();
        IndexRecipe otherModel = new IndexRecipe("commonmark", new ChunkingRules(200, 30, 40), true, IndexRecipe.Prefix.TITLED,
                "onnx", Map.of(), "all-MiniLM-L6-v2/fp32", 256, 384);
        assertThat(manifest.differences(new IndexManifest(4, otherModel))).containsExactly(
                "index format 3 (this version of Bearings writes 4)",
                "model bge-small-en-v1.5/int8 (384 dimensions), not all-MiniLM-L6-v2/fp32 (384 dimensions)",
                "max words 300, not 200",
                "token budget window 512 tokens, not window 256 tokens");
        IndexRecipe otherEverything = new IndexRecipe("flexmark", new ChunkingRules(300, 20, 60), false, IndexRecipe.Prefix.NONE,
                "onnx", Map.of(), "bge-small-en-v1.5/int8", 512, 384);
        assertThat(manifest.differences(new IndexManifest(3, otherEverything))).containsExactly(
                "min words 30, not 20", "overlap words 40, not 60", "token budget window 512 tokens, not none",
                "prefix title > path, not none", "parser commonmark, not flexmark");
        assertThatThrownBy(() -> manifest.requireSameAs(new IndexManifest(4, otherModel), Path.of("/idx")))
                .isInstanceOf(IndexMismatchException.class).hasMessageContaining("/idx").hasMessageContaining("index format 3");
        manifest.requireSameAs(new IndexManifest(3, otherEngine), Path.of("/idx"));
        assertThatThrownBy(() -> manifest.requireModel("all-MiniLM-L6-v2/fp32", 384, Path.of("/idx")))
                .hasMessageContaining("model bge-small-en-v1.5/int8 (384 dimensions), not all-MiniLM-L6-v2/fp32 (384 dimensions)");
        manifest.requireModel("bge-small-en-v1.5/int8", 384, Path.of("/idx"));
    }

    @Test
    void aVectorOfAnotherDimensionIsRefusedSayingBoth() {
        IndexManifest manifest = new IndexManifest(3, RECIPE);
        manifest.requireDimension(new float[384], "vector");
        assertThatThrownBy(() -> manifest.requireDimension(new float[383], "query"))
                .hasMessage("a query of 383 dimensions in an index of 384");
    }
}
