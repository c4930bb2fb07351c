package dev.bearings.app.source;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bearings.app.testing.ExampleIndex;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * An index's sources file is read back as it was written, and holds its fields only; each source has a name of its own;
 * a source added again keeps its name; a file an older version wrote is read, and a damaged one is said with the fix.
 */
class SourcesConfigTest {

    private static SourcesConfig.Source folder(String name, String path) {
        return new SourcesConfig.Source(name, "folder", Map.of("path", path));
    }

    @Test
    void whatIsWrittenIsReadBackAndTheFileHoldsSourcesAndSkippedAlone(@TempDir Path index) throws Exception {
        SourcesConfig config = new SourcesConfig(List.of(new SourcesConfig.Source("folder", Map.of("path", "/home/me/notes"))),
                Map.of("folder:/home/me/notes", Map.of("is not valid UTF-8", 2)));
        config.write(index);
        assertThat(SourcesConfig.read(index)).isEqualTo(config);
        assertThat(new ObjectMapper().readTree(index.resolve(SourcesConfig.FILE).toFile()).fieldNames())
                .toIterable().containsExactly("sources", "skipped", "synced", "unread");
    }

    @Test
    void aFolderNotMadeYetIsMadeAndNoFileIsNoSources(@TempDir Path root) throws Exception {
        Path index = root.resolve("new/index");
        assertThat(SourcesConfig.read(index).isEmpty()).isTrue();
        SourcesConfig one = new SourcesConfig(List.of(folder("notes", "/n")), Map.of());
        one.write(index);
        assertThat(SourcesConfig.read(index)).isEqualTo(one);
        assertThat(SourcesConfig.read(index).isEmpty()).isFalse();
        try (var left = Files.list(index)) {
            assertThat(left).as("no partial file left behind").containsExactly(index.resolve(SourcesConfig.FILE));
        }
    }

    @Test
    void aSourceWithoutANameIsNamedAfterItsFolderOrItsKindAndNoTwoShareOne() {
        SourcesConfig config = new SourcesConfig(List.of(new SourcesConfig.Source("folder", Map.of("path", "/a/notes")),
                new SourcesConfig.Source("folder", Map.of("path", "/b/notes")), folder("notes-3", "/c/x"),
                new SourcesConfig.Source("bear", Map.of("database", "/bear.sqlite")),
                new SourcesConfig.Source("folder", Map.of("path", "/"))), Map.of());
        assertThat(config.sources()).extracting(SourcesConfig.Source::name).containsExactly("notes", "notes-2", "notes-3", "bear", "folder");
        assertThat(config.named("notes-2")).contains(folder("notes-2", "/b/notes"));
        assertThat(config.named("none")).isEmpty();
    }

    @Test
    void aSourceAddedAgainTakesTheNewSettingsAndKeepsItsName() {
        SourcesConfig config = new SourcesConfig(List.of(folder("notes", "/n"), folder("work", "/w")), Map.of());
        SourcesConfig excluding = config.withAdded(new SourcesConfig.Source("folder", Map.of("path", "/n", "exclude", "drafts")));
        assertThat(excluding.sources()).containsExactly(new SourcesConfig.Source("notes", "folder", Map.of("path", "/n", "exclude", "drafts")),
                folder("work", "/w"));
        assertThat(config.withAdded(folder("mine", "/n")).sources()).extracting(SourcesConfig.Source::name).containsExactly("mine", "work");
        assertThat(config.withAdded(folder("other", "/o")).sources()).extracting(SourcesConfig.Source::name)
                .containsExactly("notes", "work", "other");
        assertThatThrownBy(() -> config.withAdded(folder("work", "/elsewhere")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a source is already named work (folder:/w); choose another name");
    }

    @Test
    void aSyncIsRememberedPerSource() {
        SourcesConfig config = new SourcesConfig(List.of(folder("notes", "/n")), Map.of("folder:/old", Map.of("is empty", 1)));
        SourcesConfig synced = config.withSynced("folder:/n", Instant.parse("2026-12-05T10:00:00Z"), Map.of("is empty", 2),
                Map.of("bad.md", "v3"));
        assertThat(synced.synced()).isEqualTo(Map.of("folder:/n", "2026-12-05T10:00:00Z"));
        assertThat(synced.skipped()).isEqualTo(Map.of("folder:/old", Map.of("is empty", 1), "folder:/n", Map.of("is empty", 2)));
        assertThat(synced.unread("folder:/n")).isEqualTo(Map.of("bad.md", "v3"));
        assertThat(synced.unread("folder:/other")).isEmpty();
        assertThat(synced.sources()).isEqualTo(config.sources());
        assertThat(synced.withSources(List.of()).synced()).as("what was synced is kept").isEqualTo(synced.synced());
    }

    @Test
    void theFileAnOlderVersionWroteIsRead(@TempDir Path index) throws Exception {
        Files.writeString(index.resolve(SourcesConfig.FILE), """
                {"folders": ["/home/me/notes"], "bear": "/home/me/bear.sqlite", "includeArchived": true,
                 "skipped": {"folder:/home/me/notes": {"is empty": 3}}}""");
        SourcesConfig read = SourcesConfig.read(index);
        assertThat(read.sources()).containsExactly(
                new SourcesConfig.Source("bear", "bear", Map.of("database", "/home/me/bear.sqlite", "include-archived", "true")),
                new SourcesConfig.Source("notes", "folder", Map.of("path", "/home/me/notes")));
        assertThat(read.skipped()).isEqualTo(Map.of("folder:/home/me/notes", Map.of("is empty", 3)));
    }

    @Test
    void aDamagedFileIsSaidWithWhereAndTheFix(@TempDir Path root) throws Exception {
        Path index = Files.createDirectories(root.resolve("my index"));
        Path file = index.resolve(SourcesConfig.FILE);
        Files.writeString(file, "{\"sources\": [\n  {\"provider\": ");
        assertThatThrownBy(() -> SourcesConfig.read(index))
                .hasMessage("the index's list of its sources, " + file + ", is damaged (not readable at line 2, column 16); restore it "
                        + "from a backup, or delete it and name the sources again (bearings index --index '" + index + "' --folder DIR "
                        + "(or --bear)): the notes indexed stay");
        Files.writeString(file, "[1, 2]");
        assertThatThrownBy(() -> SourcesConfig.read(index)).hasMessageContaining("is damaged (not a list of sources Bearings wrote)");
        Files.writeString(file, "{\"sources\": 7}");
        assertThatThrownBy(() -> SourcesConfig.read(index)).hasMessageContaining("is damaged (not ");
    }

    @Test
    void theSourcesAreOpenedByTheirProviders(@TempDir Path root) throws Exception {
        Path notes = Files.createDirectories(root.resolve("notes"));
        Path elsewhere = root.resolve("gone");
        SourcesConfig config = new SourcesConfig(List.of(folder("notes", notes.toString()), folder("gone", elsewhere.toString())), Map.of());
        assertThat(config.ids(ExampleIndex.sources())).containsExactly(Map.entry("notes", "folder:" + notes),
                Map.entry("gone", "folder:" + elsewhere));
        assertThat(config.folders(ExampleIndex.sources())).as("only a folder that is there").isEqualTo(Map.of("folder:" + notes, notes));
    }

    /** What a source given again changes is said setting by setting, a secret's value never: it was, and is, hidden. */
    @Test
    void aChangeIsSaidWithoutASecretsValue() {
        SourcesConfig config = new SourcesConfig(List.of(new SourcesConfig.Source("cloud", "x",
                Map.of("path", "/p", "api-token", "old-secret", "exclude", "a/\nb/"))), Map.of());
        assertThat(config.changes(new SourcesConfig.Source("x", Map.of("path", "/p", "api-token", "new-secret"))))
                .contains("cloud: api-token (hidden) (was (hidden)); exclude none (was a/, b/)");
        assertThat(config.changes(new SourcesConfig.Source("x", Map.of("path", "/other")))).isEmpty();
    }
}
