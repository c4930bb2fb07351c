package dev.bearings.app.source;

import dev.bearings.core.note.IndexedNote;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A note named by its id, its file's path or its title, and a line after a colon; none or several said with what there is. */
class NoteLookupTest {

    private static IndexedNote note(String source, String id, String title) {
        return new IndexedNote(source, id, "v1", title, Set.of(), Instant.EPOCH, "file:///" + id);
    }

    @Test
    void aNoteIsFoundByIdByPathOrByTitleWithTheLineAskedFor(@TempDir Path home) throws Exception {
        Path notes = Files.createDirectories(home.resolve("notes")).toRealPath();
        Files.writeString(notes.resolve("vpn-setup.md"), "# Home VPN with WireGuard\n");
        IndexedNote vpn = note("folder:" + notes, "vpn-setup.md", "Home VPN with WireGuard");
        IndexedNote bread = note("folder:" + notes, "bread.md", "Sourdough");
        List<IndexedNote> all = List.of(vpn, bread);
        Map<String, Path> folders = Map.of(vpn.source(), notes);

        assertThat(NoteLookup.find("vpn-setup.md", all, folders, home)).isEqualTo(new NoteLookup.Found(vpn, Optional.empty()));
        assertThat(NoteLookup.find("notes/vpn-setup.md", all, folders, home).note()).as("a relative path").isEqualTo(vpn);
        assertThat(NoteLookup.find(notes.resolve("vpn-setup.md").toString(), all, folders, Path.of("/")).note()).isEqualTo(vpn);
        assertThat(NoteLookup.find("  home vpn with WIREGUARD ", all, folders, home).note()).as("a title, any case").isEqualTo(vpn);
        assertThat(NoteLookup.find("vpn-setup.md:50", all, folders, home)).isEqualTo(new NoteLookup.Found(vpn, Optional.of(50)));
        assertThat(NoteLookup.find("Sourdough:7", all, folders, home)).isEqualTo(new NoteLookup.Found(bread, Optional.of(7)));
    }

    @Test
    void anIdThatEndsInAColonAndNumberIsTheNoteNotALine(@TempDir Path home) {
        IndexedNote odd = note("bear", "log:2", "Log");
        IndexedNote log = note("bear", "log", "Log two");
        assertThat(NoteLookup.find("log:2", List.of(odd, log), Map.of(), home)).isEqualTo(new NoteLookup.Found(odd, Optional.empty()));
    }

    @Test
    void noneOrSeveralAreRefusedSayingWhatToGive(@TempDir Path home) {
        List<IndexedNote> two = List.of(note("folder:/a", "todo.md", "Todo"), note("folder:/b", "todo.md", "Todo"));
        assertThatThrownBy(() -> NoteLookup.find("todo.md", two, Map.of(), home))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'todo.md' names 2 notes: folder:/a todo.md, folder:/b todo.md; give its id, and --source when two sources have it");
        assertThatThrownBy(() -> NoteLookup.find("missing.md:3", two, Map.of(), home))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no note named 'missing.md:3' in the index (by id, file or title); bearings notes lists them");
        String longName = "x".repeat(130);
        assertThatThrownBy(() -> NoteLookup.find(longName, two, Map.of(), home))
                .hasMessageContaining("'" + "x".repeat(120) + "...'").hasMessageNotContaining("x".repeat(121));
    }
}
