package dev.bearings.app.json;

import dev.bearings.core.note.IndexedNote;
import dev.bearings.core.search.Fusion;
import dev.bearings.core.search.MatchStrength;
import dev.bearings.core.search.StoredChunk;
import dev.bearings.core.usecase.SearchNotes;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.OptionalInt;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** A passage as search --json and the MCP server print it: numbers rounded, absent ranks and attachments null. */
class SearchHitJsonTest {
    private static final IndexedNote NOTE = new IndexedNote("folder:/notes", "vpn.md", "v1", "Home VPN", Set.of("net", "home"),
            Instant.parse("2026-03-01T10:00:00Z"), "file:///notes/vpn.md");

    @Test
    void aPassageOfTheNoteFoundByBothLists() {
        StoredChunk chunk = new StoredChunk(NOTE, 0, "# Home VPN > ## Router", 3, 7, "## Router\n\nWireGuard listens on 51820.", "");
        SearchNotes.Hit hit = new SearchNotes.Hit(chunk, 0.03125, OptionalInt.of(2), OptionalInt.of(1), 0.812345678,
                MatchStrength.Level.STRONG, Set.of("wireguard"));
        SearchHitJson json = SearchHitJson.of(hit, new Fusion.Weights(0.66666, 0.33334));
        assertThat(json).extracting(SearchHitJson::title, SearchHitJson::noteId, SearchHitJson::source, SearchHitJson::startLine,
                SearchHitJson::endLine, SearchHitJson::text, SearchHitJson::score, SearchHitJson::similarity, SearchHitJson::strength,
                SearchHitJson::vectorRank, SearchHitJson::keywordRank, SearchHitJson::modified, SearchHitJson::attachment)
                .containsExactly("Home VPN", "vpn.md", "folder:/notes", 3, 7, "## Router\n\nWireGuard listens on 51820.", 0.03125, 0.8123,
                        "strong", 2, 1, "2026-03-01T10:00:00Z", null);
        assertThat(json.weights()).isEqualTo(new SearchHitJson.Weights(0.667, 0.333));
        assertThat(json.tags()).containsExactly("home", "net");
        assertThat(json.headingPath()).isEqualTo("# Home VPN > ## Router");
        assertThat(json.headings()).containsExactly("# Home VPN > ## Router");
        assertThat(json.snippet()).contains("**WireGuard**");
        assertThat(json.link()).isEqualTo("file:///notes/vpn.md");
    }

    @Test
    void aBearPassagesLinkOpensTheSectionThatHoldsTheQuerysWords() {
        IndexedNote bear = new IndexedNote("bear", "ABC-1", "v1", "Home VPN", Set.of(), Instant.parse("2026-03-01T10:00:00Z"),
                "bear://x-callback-url/open-note?id=ABC-1");
        StoredChunk chunk = new StoredChunk(bear, 0, "# Home VPN", 1, 9,
                "# Home VPN\n\nNotes on the tunnel.\n\n## Router setup\n\nWireGuard listens on 51820.", "");
        SearchNotes.Hit hit = new SearchNotes.Hit(chunk, 1.0, OptionalInt.of(1), OptionalInt.empty(), 0.8,
                MatchStrength.Level.STRONG, Set.of("wireguard"));
        SearchHitJson json = SearchHitJson.of(hit, Fusion.Weights.KEYWORD_ONLY);
        assertThat(json.headingPath()).isEqualTo("# Home VPN > ## Router setup");
        assertThat(json.headings()).containsExactly("# Home VPN", "# Home VPN > ## Router setup");
        assertThat(json.link()).isEqualTo("bear://x-callback-url/open-note?id=ABC-1&header=Router%20setup");
    }

    @Test
    void aKeywordOnlyPassageOfAnAttachmentWithoutItsVector() {
        StoredChunk chunk = new StoredChunk(NOTE, 4, "# Home VPN", 9, 9, "scanned router manual", "manual.pdf");
        SearchNotes.Hit hit = new SearchNotes.Hit(chunk, 2.5, OptionalInt.empty(), OptionalInt.of(3), Double.NaN,
                MatchStrength.Level.WEAK, Set.of("router"));
        SearchHitJson json = SearchHitJson.of(hit, Fusion.Weights.KEYWORD_ONLY);
        assertThat(json.similarity()).isNull();
        assertThat(json.vectorRank()).isNull();
        assertThat(json.keywordRank()).isEqualTo(3);
        assertThat(json.strength()).isEqualTo("weak");
        assertThat(json.attachment()).isEqualTo("manual.pdf");
        assertThat(json.weights()).isEqualTo(new SearchHitJson.Weights(0, 1));
    }
}
