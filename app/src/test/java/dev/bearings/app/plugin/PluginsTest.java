package dev.bearings.app.plugin;

import dev.bearings.core.plugin.Settings;
import dev.bearings.source.files.FolderSourceProvider;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The providers of each port are those on the class path, each port's found once; one of ours shipped apart says what
 * to add; a provider is chosen on the command line with its settings.
 */
class PluginsTest {

    @Test
    void theProvidersOnTheClassPathAreFoundOncePerPort() {
        Plugins plugins = Plugins.discovered(PluginsTest.class.getClassLoader());
        assertThat(plugins.sources().names()).contains("folder");
        assertThat(plugins.stores().names()).contains("sqlite", "lucene");
        assertThat(plugins.parsers().names()).contains("commonmark");
        assertThat(plugins.embedders().names()).contains("onnx");
        assertThat(plugins.stores()).as("made once").isSameAs(plugins.stores());
        assertThat(plugins.sources()).isSameAs(plugins.sources());
        assertThat(plugins.parsers()).isSameAs(plugins.parsers());
        assertThat(plugins.embedders()).isSameAs(plugins.embedders());
    }

    @Test
    void givenProvidersAreTheOnlyOnesAndOneShippedApartSaysWhatToAdd() {
        Plugins plugins = Plugins.of(List.of(), List.of(), List.of(), List.of(new FolderSourceProvider()));
        assertThat(plugins.sources().names()).containsExactly("folder");
        assertThat(plugins.parsers().names()).isEmpty();
        assertThat(plugins.embedders().names()).isEmpty();
        assertThatThrownBy(() -> plugins.stores().provider("solr"))
                .hasMessage("the index store 'solr' is a plugin, not in the jar: add " + Plugins.SHIPPED_APART.get("solr")
                        + " to the class path ($BEARINGS_CLASSPATH)");
        assertThatThrownBy(() -> plugins.embedders().provider("djl")).hasMessageStartingWith("the embedder 'djl' is a plugin");
        assertThatThrownBy(() -> plugins.parsers().provider("x")).hasMessageStartingWith("unknown Markdown parser 'x'");
        assertThatThrownBy(() -> plugins.sources().provider("x")).hasMessageStartingWith("unknown note source 'x'");
        assertThat(plugins.stores()).isSameAs(plugins.stores());
    }

    @Test
    void aSpecIsANameAndItsSettings() {
        assertThat(ProviderSpec.parse(" sqlite ")).isEqualTo(new ProviderSpec("sqlite", Settings.NONE));
        assertThat(ProviderSpec.parse("sqlite:")).isEqualTo(new ProviderSpec("sqlite", Settings.NONE));
        ProviderSpec solr = ProviderSpec.parse("solr:url=http://localhost:8983/solr,shards=2");
        assertThat(solr.name()).isEqualTo("solr");
        assertThat(solr.settings().asMap()).isEqualTo(Map.of("url", "http://localhost:8983/solr", "shards", "2"));
        assertThat("sqlite,solr:url=U,shards=2,lucene".split(ProviderSpec.LIST_SPLIT)).containsExactly("sqlite", "solr:url=U,shards=2", "lucene");
    }
}
