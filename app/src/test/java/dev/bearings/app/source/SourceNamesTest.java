package dev.bearings.app.source;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A source named whole, by its short name, by its kind when the index has one of it, or by its folder's path. */
class SourceNamesTest {

    @Test
    void aSourceIsNamedWholeByItsShortNameByItsKindOrByItsPath(@TempDir Path home) {
        String notes = "folder:" + home.resolve("notes");
        List<String> sources = List.of(notes, "bear:/Users/me/bear.sqlite");
        assertThat(SourceNames.resolve(notes, sources)).isEqualTo(notes);
        assertThat(SourceNames.resolve("bear", sources)).isEqualTo("bear:/Users/me/bear.sqlite");
        assertThat(SourceNames.resolve("folder", sources)).isEqualTo(notes);
        assertThat(SourceNames.resolve(home.resolve("notes/../notes").toString(), sources)).as("a path, normalized").isEqualTo(notes);
        assertThat(SourceNames.resolve("work", sources, Map.of("work", notes), "source")).isEqualTo(notes);
        assertThat(SourceNames.resolve("bear", List.of("bear"))).as("a source whose name is its kind").isEqualTo("bear");
    }

    @Test
    void noneOrSeveralAreRefusedNamingTheSourcesThereAre() {
        List<String> two = List.of("folder:/b", "folder:/a");
        assertThatThrownBy(() -> SourceNames.resolve("folder", two, Map.of(), "source"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("source folder names several sources; give one of folder:/a, folder:/b");
        assertThatThrownBy(() -> SourceNames.resolve("bear", two))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--source bear: the index has no such source; it has folder:/a, folder:/b");
        assertThatThrownBy(() -> SourceNames.resolve("folder:", List.of()))
                .hasMessage("--source folder:: the index has no such source; it has none");
        assertThatThrownBy(() -> SourceNames.resolve("/a/b", List.of("folder:/a/b", "files:/a/b")))
                .as("two sources of one folder").hasMessageContaining("the index has no such source");
    }
}
