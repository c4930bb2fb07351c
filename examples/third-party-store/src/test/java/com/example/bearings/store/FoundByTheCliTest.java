package com.example.bearings.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bearings.cli.Bearings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The real bearings command line, unchanged, indexes into and searches this store when it is on the classpath. */
class FoundByTheCliTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static String run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Bearings.run(new PrintWriter(out), new PrintWriter(err), args);
        assertThat(code).as(err.toString()).isZero();
        return out.toString();
    }

    @Test
    void bearingsIndexesAndSearchesWithTheJsonFolderStore(@TempDir Path notes, @TempDir Path index) throws Exception {
        Files.writeString(notes.resolve("tides.md"), "# Tides\n\nSpring tides follow the new and the full moon.\n");
        Files.writeString(notes.resolve("vpn.md"), "# VPN\n\nThe WireGuard tunnel listens on UDP port 51820.\n");
        assertThat(run("plugins")).contains("store     json-folder");
        assertThat(run("index", "--folder", notes.toString(), "--index", index.toString(), "--store", "json-folder"))
                .contains("2 notes added");
        assertThat(index.resolve("json-index/manifest.json")).isRegularFile();
        JsonNode status = JSON.readTree(run("status", "--json", "--index", index.toString(), "--store", "json-folder"));
        assertThat(status.get("store").asText()).isEqualTo("json-folder");
        assertThat(status.get("notes").asInt()).isEqualTo(2);
        JsonNode hits = JSON.readTree(run("search", "--json", "--index", index.toString(), "--store", "json-folder",
                "which port does the tunnel use?"));
        assertThat(hits.get(0).get("noteId").asText()).isEqualTo("vpn.md");
        assertThat(hits.get(0).get("keywordRank").isNull()).as("this store has no keyword search").isTrue();
    }
}
