package dev.bearings.app.json;

import dev.bearings.app.source.SourcesConfig;
import dev.bearings.app.testing.ExampleIndex;
import dev.bearings.core.source.NoteSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** An index's state and its sources' as status and sources print them, on the example notes. */
class StatusJsonTest {

    @Test
    void theIndexSaysItsNotesChunksModelAndSources(@TempDir Path root) throws Exception {
        try (ExampleIndex example = ExampleIndex.synced(root)) {
            String id = "folder:" + example.notes();
            IndexStatusJson status = IndexStatusJson.of("sqlite", example.index().reader(), example.index().sources(), List.of(id), 2);
            assertThat(status.store()).isEqualTo("sqlite");
            assertThat(status.model()).isEqualTo(example.recipe().modelId());
            assertThat(status.dimension()).isEqualTo(384);
            assertThat(status.notes()).isEqualTo(5);
            assertThat(status.notesBySource()).isEqualTo(Map.of(id, 5));
            assertThat(status.chunks()).isGreaterThanOrEqualTo(5);
            assertThat(status.sources()).containsExactly(id);
            assertThat(status.changedSinceLastSync()).isEqualTo(2);
            assertThat(status.lastSync()).isNotNull();
            assertThat(status.bytesOnDisk()).isPositive();
            assertThat(status.chunking()).isEqualTo(ChunkingJson.of(example.recipe()));
        }
    }

    @Test
    void eachSourceSaysWhereItIsHowManyNotesAndWhetherItCanBeReadNow(@TempDir Path root) throws Exception {
        try (ExampleIndex example = ExampleIndex.synced(root)) {
            Path gone = root.resolve("unplugged");
            SourcesConfig config = example.index().sources().withAdded(new SourcesConfig.Source("usb", "folder",
                    Map.of("path", gone.toString())));
            String id = "folder:" + example.notes();
            List<SourceStatusJson> all = SourceStatusJson.of(config, ExampleIndex.sources(), Map.of(id, 5));
            assertThat(all).hasSize(2);
            SourceStatusJson notes = all.get(0);
            assertThat(notes).extracting(SourceStatusJson::name, SourceStatusJson::kind, SourceStatusJson::id, SourceStatusJson::location,
                    SourceStatusJson::notes, SourceStatusJson::state, SourceStatusJson::problem)
                    .containsExactly("notes", "folder", id, example.notes().toString(), 5, SourceStatusJson.OK, null);
            assertThat(notes.lastSync()).isEqualTo(config.synced().get(id)).isNotNull();
            assertThat(notes.skipped()).isEqualTo(Map.of());
            assertThat(notes.path()).isEqualTo(example.notes());
            SourceStatusJson usb = all.get(1);
            assertThat(usb).extracting(SourceStatusJson::name, SourceStatusJson::notes, SourceStatusJson::state, SourceStatusJson::lastSync)
                    .containsExactly("usb", 0, "missing", null);
            assertThat(usb.problem()).contains(gone.toString()).contains("does not exist");
            assertThat(new SourceStatusJson("x", "x", "x", null, 0, "ok", null, null, Map.of(), Map.of()).path()).isNull();

            List<NoteSource> opened = config.open(ExampleIndex.sources());
            try {
                assertThat(SourceStatusJson.gone(opened.get(0))).isFalse();
                assertThat(SourceStatusJson.gone(opened.get(1))).isTrue();
            } finally {
                opened.forEach(NoteSource::close);
            }
            Files.createDirectories(gone);
            assertThat(SourceStatusJson.of(config, ExampleIndex.sources(), Map.of()).get(1).state()).isEqualTo(SourceStatusJson.OK);
        }
    }

    /** A source's settings are shown without its location, and a secret's value is never shown. */
    @Test
    void aSourcesSettingsAreShownWithoutItsLocationOrItsSecrets() {
        assertThat(SourceStatusJson.shown(Map.of("path", "/notes", "exclude", "Archive/", "api-token", "abc123", "Password", "pw"),
                "/notes")).containsExactly(Map.entry("Password", "(hidden)"), Map.entry("api-token", "(hidden)"),
                Map.entry("exclude", "Archive/"));
    }
}
