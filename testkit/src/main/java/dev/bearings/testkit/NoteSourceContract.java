package dev.bearings.testkit;

import dev.bearings.core.note.Note;
import dev.bearings.core.plugin.NoteSourceProvider;
import dev.bearings.core.plugin.ProviderRegistry;
import dev.bearings.core.plugin.Settings;
import dev.bearings.core.source.NoteFingerprint;
import dev.bearings.core.source.NoteSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What every note source must do, on real fixtures the subclass builds in a temporary folder. */
public abstract class NoteSourceContract {

    /** Notes in a source's own storage, changed the way its application would change them. */
    public interface Fixture {
        /** @return the id the source will give the note */
        String add(String title, String text) throws Exception;

        void edit(String id, String text) throws Exception;

        void remove(String id) throws Exception;

        NoteSource source() throws Exception;

        /** The settings with which the source's provider opens these same notes. */
        Settings settings();
    }

    /** The provider that makes this kind of source, by name, from {@link Fixture#settings()}. */
    protected abstract NoteSourceProvider provider();

    @TempDir
    protected Path folder;

    protected abstract Fixture fixture(Path folder) throws Exception;

    @Test
    protected void listsAndReadsItsNotesVerbatim() throws Exception {
        Fixture fixture = fixture(folder);
        String a = fixture.add("VPN setup", "# VPN setup\n\nWireGuard on port 51820. #network\n");
        String b = fixture.add("京都", "# 京都\n\n市バスの一日券は七百円。 🚀\r\nCRLF kept\n");
        try (NoteSource source = fixture.source()) {
            assertThat(source.list()).extracting(NoteFingerprint::id).containsExactlyInAnyOrder(a, b);
            Note note = source.read(b).orElseThrow();
            assertThat(note.id()).isEqualTo(b);
            assertThat(note.text()).isEqualTo("# 京都\n\n市バスの一日券は七百円。 🚀\r\nCRLF kept\n");
            assertThat(note.title()).isNotBlank();
            assertThat(note.link()).isNotBlank();
            assertThat(source.read(a).orElseThrow().tags()).contains("network");
        }
    }

    @Test
    protected void fingerprintsAreStableAndChangeWithTheNote() throws Exception {
        Fixture fixture = fixture(folder);
        String a = fixture.add("One", "# One\n\nfirst version\n");
        String b = fixture.add("Two", "# Two\n\nuntouched\n");
        Map<String, String> before;
        try (NoteSource source = fixture.source()) {
            before = versions(source.list());
            assertThat(versions(source.list())).isEqualTo(before);
        }
        fixture.edit(a, "# One\n\nsecond, longer version\n");
        try (NoteSource source = fixture.source()) {
            Map<String, String> after = versions(source.list());
            assertThat(after.get(a)).isNotEqualTo(before.get(a));
            assertThat(after.get(b)).isEqualTo(before.get(b));
            assertThat(source.read(a).orElseThrow().text()).contains("second, longer version");
        }
    }

    @Test
    protected void removedNotesAreNoLongerListed() throws Exception {
        Fixture fixture = fixture(folder);
        String a = fixture.add("Keep", "# Keep\n");
        String b = fixture.add("Drop", "# Drop\n");
        fixture.remove(b);
        try (NoteSource source = fixture.source()) {
            assertThat(source.list()).extracting(NoteFingerprint::id).containsExactly(a);
        }
    }

    /** A note that vanished since it was listed, or an id the source never had, reads as nothing (not an error). */
    @Test
    protected void vanishedAndUnknownNotesReadAsNothing() throws Exception {
        Fixture fixture = fixture(folder);
        String kept = fixture.add("Kept", "# Kept\n");
        String gone = fixture.add("Gone", "# Gone\n");
        try (NoteSource source = fixture.source()) {
            assertThat(source.list()).extracting(NoteFingerprint::id).containsExactlyInAnyOrder(kept, gone);
            fixture.remove(gone);
            assertThat(source.read(gone)).isEmpty();
            assertThat(source.read("no-such-note.md")).isEmpty();
            assertThat(source.read(kept)).isPresent();
        }
    }

    private static Map<String, String> versions(List<NoteFingerprint> fingerprints) {
        return fingerprints.stream().collect(Collectors.toMap(NoteFingerprint::id, NoteFingerprint::version));
    }

    @Test
    protected void theProviderOpensTheSameNotesFromItsSettingsAndRefusesUnknownSettings() throws Exception {
        Fixture fixture = fixture(folder);
        String a = fixture.add("One", "# One\n\nfirst\n");
        ProviderRegistry<NoteSourceProvider> registry = ProviderRegistry.of("note source", List.of(provider()));
        String name = provider().name();
        try (NoteSource direct = fixture.source();
             NoteSource provided = registry.create(name, fixture.settings())) {
            assertThat(provided.name()).isEqualTo(direct.name());
            assertThat(provided.list()).isEqualTo(direct.list());
            assertThat(provided.read(a).orElseThrow().text()).isEqualTo("# One\n\nfirst\n");
            assertThat(provided.locations()).as("where its notes are, which messages may name").isNotEmpty();
        }
        Map<String, String> unknown = new java.util.HashMap<>(fixture.settings().asMap());
        unknown.put("no-such-setting", "1");
        assertThatThrownBy(() -> registry.create(name, Settings.of(unknown))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no setting no-such-setting");
        assertThat(provider().description()).isNotBlank();
    }
}
