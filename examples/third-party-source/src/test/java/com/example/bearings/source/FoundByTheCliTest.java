package com.example.bearings.source;

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

/** The real bearings command line, unchanged, indexes this source by its name and settings when it is on the classpath. */
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
    void bearingsIndexesAJsonLinesExport(@TempDir Path dir) throws Exception {
        Path export = dir.resolve("export.jsonl");
        Files.writeString(export, """
                {"id": "tides", "title": "Tides", "text": "# Tides\\n\\nSpring tides follow the new and the full moon.", "tags": ["sea"], "modified": "2026-02-01T08:00:00Z"}
                not a note
                {"id": "vpn", "title": "VPN", "text": "# VPN\\n\\nThe WireGuard tunnel listens on UDP port 51820.", "tags": ["network/vpn"], "modified": "2026-03-01T08:00:00Z"}
                """);
        Path index = dir.resolve("index");
        assertThat(run("plugins")).contains("source    jsonl");
        String summary = run("index", "--source", "jsonl:path=" + export, "--index", index.toString());
        assertThat(summary).startsWith("jsonl:" + export + ": 2 notes added").contains("1 (not a note");
        JsonNode hits = JSON.readTree(run("search", "--json", "--index", index.toString(), "when are spring tides?"));
        assertThat(hits.get(0).get("noteId").asText()).isEqualTo("tides");
        assertThat(hits.get(0).get("link").asText()).endsWith("export.jsonl#tides");
        JsonNode notes = JSON.readTree(run("notes", "--json", "--index", index.toString(), "--tag", "network"));
        assertThat(notes).extracting(n -> n.get("id").asText()).containsExactly("vpn");
        assertThat(run("index", "--index", index.toString())).as("remembered by its name and settings")
                .contains("0 notes added, 0 changed, 0 removed, 2 unchanged");
    }
}
