package com.example.bearings;

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

/** The real bearings command line, unchanged, finds this module's parser on the classpath. */
class PluginIsFoundTest {

    @Test
    void bearingsChunkUsesTheThirdPartyParser(@TempDir Path dir) throws Exception {
        Path note = dir.resolve("outline.md");
        Files.writeString(note, "# Plan\nfirst step\n\n## Later\n```\n# kept as code\n```\n");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Bearings.run(new PrintWriter(out), new PrintWriter(err),
                "chunk", "--json", "--min-words", "0", "--parser", "outline", note.toString());
        assertThat(code).as(err.toString()).isZero();
        JsonNode chunks = new ObjectMapper().readTree(out.toString());
        assertThat(chunks).hasSize(2);
        assertThat(chunks.get(1).get("headingPath").asText()).isEqualTo("# Plan > ## Later");
        assertThat(chunks.get(1).get("text").asText()).contains("# kept as code");
    }

    @Test
    void helpListsTheBuiltInsAndAnUnknownNameListsThePlugin(@TempDir Path dir) throws Exception {
        Path note = dir.resolve("n.md");
        Files.writeString(note, "x\n");
        StringWriter err = new StringWriter();
        int code = Bearings.run(new PrintWriter(new StringWriter()), new PrintWriter(err),
                "chunk", "--parser", "nope", note.toString());
        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("known: commonmark, flexmark, outline");
    }
}
