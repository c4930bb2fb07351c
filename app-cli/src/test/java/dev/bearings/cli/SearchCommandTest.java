package dev.bearings.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Search over the bundled example notes, indexed for real, in both stores. */
class SearchCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path index;

    private void indexExamples(String store) {
        CliRun run = CliRun.of("index", "--folder", Path.of("..", "examples", "notes").toString(), "--index",
                index.toString(), "--store", store);
        assertThat(run.exitCode()).as(run.err()).isZero();
    }

    private JsonNode search(String store, String... args) throws Exception {
        String[] all = new String[args.length + 6];
        all[0] = "search";
        all[1] = "--json";
        all[2] = "--index";
        all[3] = index.toString();
        all[4] = "--store";
        all[5] = store;
        System.arraycopy(args, 0, all, 6, args.length);
        CliRun run = CliRun.of(all);
        assertThat(run.exitCode()).as(run.err()).isZero();
        return JSON.readTree(run.out());
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "lucene"})
    void findsThePassageWithItsNoteHeadingLinesAndLink(String store) throws Exception {
        indexExamples(store);
        JsonNode hits = search(store, "how did I set up the VPN?");
        JsonNode first = hits.get(0);
        assertThat(first.get("noteId").asText()).isEqualTo("vpn-setup.md");
        assertThat(first.get("title").asText()).isEqualTo("Home VPN with WireGuard");
        assertThat(first.get("headingPath").asText()).startsWith("# Home VPN with WireGuard");
        assertThat(first.get("startLine").asInt()).isPositive();
        assertThat(first.get("endLine").asInt()).isGreaterThanOrEqualTo(first.get("startLine").asInt());
        assertThat(first.get("link").asText()).startsWith("file:").endsWith("vpn-setup.md");
        assertThat(first.get("tags")).extracting(JsonNode::asText).contains("vpn");
        assertThat(first.get("vectorRank").asInt()).isPositive();
        assertThat(first.get("snippet").asText()).contains("**");

        JsonNode port = search(store, "--mode", "keyword", "51820");
        assertThat(port.get(0).get("noteId").asText()).isEqualTo("vpn-setup.md");
        assertThat(port.get(0).get("keywordRank").asInt()).isOne();
        assertThat(port.get(0).get("vectorRank").isNull()).isTrue();

        JsonNode bread = search(store, "--mode", "vector", "baking bread at home");
        assertThat(bread.get(0).get("noteId").asText()).isEqualTo("sourdough.md");

        JsonNode tagged = search(store, "--tag", "network", "backup disk");
        tagged.forEach(hit -> assertThat(hit.get("noteId").asText()).isEqualTo("vpn-setup.md"));
        assertThat(search(store, "--since", "2999-01-01", "VPN")).isEmpty();
        assertThat(search(store, "--limit", "3", "notes").size()).isLessThanOrEqualTo(3);
    }

    @Test
    void humanOutputGroupsPassagesUnderTheirNote() {
        indexExamples("sqlite");
        CliRun run = CliRun.of("search", "--index", index.toString(), "restic password");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).startsWith("1. Backups  (backups.md)").contains("# Backups > ## Restic to the external disk")
                .contains("**restic**").contains("lines 12-22");
    }

    @Test
    void helpfulMessagesForAMissingIndexAndBadOptions() {
        CliRun missing = CliRun.of("search", "--index", index.resolve("none").toString(), "vpn");
        assertThat(missing.exitCode()).isEqualTo(1);
        assertThat(missing.err()).contains("no index here yet").contains("bearings index");
        CliRun mode = CliRun.of("search", "--index", index.toString(), "--mode", "fuzzy", "vpn");
        assertThat(mode.exitCode()).isEqualTo(2);
        assertThat(mode.err()).contains("--mode must be hybrid, vector or keyword");
        CliRun date = CliRun.of("search", "--index", index.toString(), "--since", "yesterday", "vpn");
        assertThat(date.exitCode()).isEqualTo(2);
        assertThat(date.err()).contains("--since takes a date like 2026-03-01");
    }
}
