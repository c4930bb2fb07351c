package dev.bearings.core;

import dev.bearings.core.markdown.MarkdownParser;
import dev.bearings.core.plugin.ParserProvider;
import dev.bearings.core.plugin.ProviderRegistry;
import dev.bearings.core.plugin.Settings;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ProviderRegistryTest {

    /** A provider whose parser finds no blocks; the registry never looks inside it. */
    private record Named(String name, Set<String> settingNames) implements ParserProvider {
        @Override
        public String description() {
            return "test provider " + name;
        }

        @Override
        public MarkdownParser create(Settings settings) {
            return markdown -> List.of();
        }
    }

    private static final class OtherNamed implements ParserProvider {
        @Override
        public String name() {
            return "alpha";
        }

        @Override
        public String description() {
            return "another alpha";
        }

        @Override
        public MarkdownParser create(Settings settings) {
            return markdown -> List.of();
        }
    }

    @Test
    void findsProvidersByName() {
        ProviderRegistry<ParserProvider> registry = ProviderRegistry.of("Markdown parser",
                List.of(new Named("beta", Set.of()), new Named("alpha", Set.of())));
        assertThat(registry.names()).containsExactly("alpha", "beta");
        assertThat(registry.providers()).extracting(ParserProvider::name).as("by name").containsExactly("alpha", "beta");
        assertThat(registry.provider("beta").description()).isEqualTo("test provider beta");
    }

    @Test
    void refusesTwoProvidersOfOneName() {
        assertThatThrownBy(() -> ProviderRegistry.of("Markdown parser",
                List.of(new Named("alpha", Set.of()), new OtherNamed())))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("two Markdown parser providers are named 'alpha'")
                .hasMessageContaining(OtherNamed.class.getName());
    }

    @Test
    void refusesInvalidNames() {
        assertThatThrownBy(() -> ProviderRegistry.of("Markdown parser", List.of(new Named("Bad Name", Set.of()))))
                .hasMessageContaining("invalid name 'Bad Name'");
    }

    @Test
    void refusesUnknownNamesAndSettings() {
        ProviderRegistry<ParserProvider> registry = ProviderRegistry.of("Markdown parser",
                List.of(new Named("alpha", Set.of("strict"))));
        assertThatThrownBy(() -> registry.create("gamma", Settings.NONE))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown Markdown parser 'gamma'; known: alpha");
        assertThatThrownBy(() -> registry.create("alpha", Settings.of(Map.of("fast", "yes", "strict", "no"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Markdown parser 'alpha' has no setting fast; it takes strict");
        MarkdownParser parser = registry.create("alpha", Settings.of(Map.of("strict", "no")));
        assertThat(parser.parse("# x")).isEmpty();
    }

    @Test
    void settingsParseNameValuePairs() {
        assertThat(Settings.parse(List.of("a=1", "b = two")).asMap()).containsEntry("a", "1").containsEntry("b", "two");
        assertThatThrownBy(() -> Settings.parse(List.of("novalue"))).hasMessageContaining("'novalue'");
    }
}
