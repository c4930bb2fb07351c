package com.example.bearings.source;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bearings.core.plugin.NoteSourceProvider;
import dev.bearings.core.plugin.Settings;
import dev.bearings.core.source.NoteSource;
import dev.bearings.testkit.NoteSourceContract;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The source keeps every promise of the port: the testkit's contract, from the published artifact. */
class JsonLinesSourceContractTest extends NoteSourceContract {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern TAG = Pattern.compile("(?<=^|\\s)#(\\w[\\w/-]*)");

    @Override
    protected NoteSourceProvider provider() {
        return new JsonLinesSourceProvider();
    }

    /** Writes the export file as the exporting app would: one line per note, its #tags in a field. */
    @Override
    protected Fixture fixture(Path folder) {
        Path file = folder.resolve("notes.jsonl");
        List<ObjectNode> lines = new ArrayList<>();
        return new Fixture() {
            private void save() throws Exception {
                StringBuilder out = new StringBuilder();
                for (ObjectNode line : lines) {
                    out.append(JSON.writeValueAsString(line)).append('\n');
                }
                Files.writeString(file, out);
            }

            private ObjectNode line(String id, String title, String text) {
                ObjectNode line = JSON.createObjectNode().put("id", id).put("title", title).put("text", text)
                        .put("modified", "2026-03-01T10:00:00Z");
                Matcher tags = TAG.matcher(text);
                var array = line.putArray("tags");
                while (tags.find()) {
                    array.add(tags.group(1));
                }
                return line;
            }

            @Override
            public String add(String title, String text) throws Exception {
                String id = "note-" + lines.size();
                lines.add(line(id, title, text));
                save();
                return id;
            }

            @Override
            public void edit(String id, String text) throws Exception {
                for (int i = 0; i < lines.size(); i++) {
                    if (lines.get(i).get("id").asText().equals(id)) {
                        lines.set(i, line(id, lines.get(i).get("title").asText(), text));
                    }
                }
                save();
            }

            @Override
            public void remove(String id) throws Exception {
                lines.removeIf(line -> line.get("id").asText().equals(id));
                save();
            }

            @Override
            public NoteSource source() {
                return new JsonLinesSource(file);
            }

            @Override
            public Settings settings() {
                return Settings.of(Map.of("path", file.toString()));
            }
        };
    }
}
