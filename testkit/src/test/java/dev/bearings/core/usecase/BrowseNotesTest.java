package dev.bearings.core.usecase;

import dev.bearings.core.chunk.LineRange;
import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.IndexedChunk;
import dev.bearings.core.note.IndexedNote;
import dev.bearings.core.note.Note;
import dev.bearings.testkit.ChunkIndexContract;
import dev.bearings.testkit.LineParser;
import dev.bearings.testkit.MemoryChunkIndex;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Listing notes and tags and reading a note, on the in-memory reference store. */
class BrowseNotesTest {
    @TempDir
    Path folder;

    private ChunkIndex index;

    private static final String VPN = "# VPN\nintro\n## Router\nforward 51820\n## Clients\nphone\n";

    @BeforeEach
    void open() throws Exception {
        index = MemoryChunkIndex.store().open(folder, ChunkIndexContract.RECIPE, false);
        put("folder:/a", "vpn.md", "Home VPN", Set.of("network/vpn"), "2026-05-01T00:00:00Z");
        put("folder:/a", "bread.md", "Bread", Set.of("cooking"), "2025-01-01T00:00:00Z");
        put("bear", "work", "Office VPN", Set.of("work/projects", "network"), "2026-09-01T00:00:00Z");
        put("folder:/b", "vpn.md", "Other VPN", Set.of(), "2026-01-01T00:00:00Z");
    }

    @AfterEach
    void close() {
        index.close();
    }

    private void put(String source, String id, String title, Set<String> tags, String modified) {
        index.replaceNote(new IndexedNote(source, id, "v1", title, tags, Instant.parse(modified), "file:///" + id),
                List.of(new IndexedChunk(0, "", 1, 1, title, id, new float[]{1, 0, 0, 0}, "")));
    }

    private static ListNotes.Query query(String tag, String title, String since, int limit) {
        return new ListNotes.Query(Optional.ofNullable(tag), Optional.ofNullable(title),
                Optional.ofNullable(since).map(Instant::parse), limit);
    }

    @Test
    void notesAreListedMostRecentFirstAndFiltered() {
        assertThat(ListNotes.list(index, ListNotes.Query.ALL)).extracting(IndexedNote::title)
                .containsExactly("Office VPN", "Home VPN", "Other VPN", "Bread");
        assertThat(ListNotes.list(index, query("network", null, null, 10))).extracting(IndexedNote::title)
                .containsExactly("Office VPN", "Home VPN");
        assertThat(ListNotes.list(index, query(null, "vpn", null, 10))).extracting(IndexedNote::title)
                .containsExactly("Office VPN", "Home VPN", "Other VPN");
        assertThat(ListNotes.list(index, query(null, null, "2026-01-01T00:00:00Z", 10))).extracting(IndexedNote::title)
                .containsExactly("Office VPN", "Home VPN", "Other VPN");
        assertThat(ListNotes.list(index, query(null, "VPN", null, 2))).hasSize(2);
        assertThatThrownBy(() -> query(null, null, null, 0)).hasMessageContaining("at least 1");
    }

    @Test
    void tagsCountTheirNotesAndTheirChildrensNotes() {
        assertThat(ListTags.list(index)).extracting(t -> t.tag() + "=" + t.notes()).containsExactly(
                "cooking=1", "network=2", "network/vpn=1", "work=1", "work/projects=1");
    }

    private ReadNote.Result read(String id, String source, String heading) throws Exception {
        return new ReadNote(new LineParser()).read(index, note -> Optional.of(new Note(note.id(), note.title(), VPN,
                note.tags(), note.modified(), note.link(), List.of())), new ReadNote.Request(id,
                Optional.ofNullable(source), Optional.ofNullable(heading)));
    }

    @Test
    void aNoteIsReadWholeOrBySectionFromItsSource() throws Exception {
        ReadNote.Result whole = read("work", null, null);
        assertThat(whole.markdown()).isEqualTo(VPN);
        assertThat(whole.indexed().source()).isEqualTo("bear");
        assertThat(whole.headings()).containsExactly("# VPN", "## Router", "## Clients");
        assertThat(whole.lines()).isEmpty();
        ReadNote.Result router = read("work", null, "# VPN > ## Router");
        assertThat(router.markdown()).isEqualTo("## Router\nforward 51820\n");
        assertThat(router.lines()).contains(new LineRange(3, 4));
        assertThat(router.heading()).contains("# VPN > ## Router");
    }

    @Test
    void anIdNotInTheIndexAnAmbiguousIdAndAMissingHeadingSayWhatThereIs() {
        assertThatThrownBy(() -> read("../../etc/passwd", null, null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no note with id '../../etc/passwd' in the index; use the noteId of a search or a note listing");
        assertThatThrownBy(() -> read("vpn.md", null, null)).hasMessageContaining("give its source, one of [folder:/a, folder:/b]");
        assertThatThrownBy(() -> read("work", null, "Printers")).hasMessageContaining("no heading 'Printers'")
                .hasMessageContaining("[# VPN, ## Router, ## Clients]");
        assertThatThrownBy(() -> read("x".repeat(500), null, null)).hasMessageContaining("x".repeat(120) + "...")
                .hasMessageNotContaining("x".repeat(121));
    }

    @Test
    void aNoteGoneFromItsSourceIsSaidToBe() {
        assertThatThrownBy(() -> new ReadNote(new LineParser()).read(index, note -> Optional.empty(),
                new ReadNote.Request("work", Optional.of("bear"), Optional.empty())))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("no longer in its source");
    }
}
