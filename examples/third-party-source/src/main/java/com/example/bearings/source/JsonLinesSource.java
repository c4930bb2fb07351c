package com.example.bearings.source;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bearings.core.note.Note;
import dev.bearings.core.source.NoteFingerprint;
import dev.bearings.core.source.NoteSource;
import dev.bearings.core.source.SourceException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Notes from a JSON Lines export, as many apps write one: each line is
 * {@code {"id": ..., "title": ..., "text": "# Markdown", "tags": [...], "modified": "2026-03-01T10:00:00Z"}}.
 * A note's fingerprint is the hash of its line, so an edited line is a changed note. Read-only.
 */
final class JsonLinesSource implements NoteSource {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path file;
    private final Map<String, Integer> skipped = new TreeMap<>();

    JsonLinesSource(Path file) {
        this.file = file.toAbsolutePath().normalize();
    }

    @Override
    public String name() {
        return "jsonl:" + file;
    }

    /** The lines of the file by note id, in file order; lines that are not notes are counted as skipped. */
    private Map<String, JsonNode> lines() throws SourceException {
        skipped.clear();
        Map<String, JsonNode> notes = new LinkedHashMap<>();
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new SourceException("the notes file " + file + " does not exist");
        } catch (IOException e) {
            throw new SourceException("cannot read the notes file " + file + ": " + e.getMessage(), e);
        }
        for (String line : lines) {
            if (line.isBlank()) {
                continue;
            }
            try {
                JsonNode note = JSON.readTree(line);
                if (note.hasNonNull("id") && note.hasNonNull("text")) {
                    notes.put(note.get("id").asText(), note);
                    continue;
                }
            } catch (IOException notJson) {
                // counted below
            }
            skipped.merge("not a note (a line without id and text)", 1, Integer::sum);
        }
        return notes;
    }

    @Override
    public List<NoteFingerprint> list() throws SourceException {
        List<NoteFingerprint> fingerprints = new ArrayList<>();
        lines().forEach((id, note) -> fingerprints.add(new NoteFingerprint(id, Integer.toHexString(note.toString().hashCode())
                + ":" + note.toString().length())));
        return fingerprints;
    }

    @Override
    public Optional<Note> read(String id) throws SourceException {
        JsonNode note = lines().get(id);
        if (note == null) {
            return Optional.empty();
        }
        Set<String> tags = new LinkedHashSet<>();
        note.path("tags").forEach(tag -> tags.add(tag.asText()));
        Instant modified = note.hasNonNull("modified") ? Instant.parse(note.get("modified").asText()) : Instant.EPOCH;
        return Optional.of(new Note(id, note.path("title").asText(id), note.get("text").asText(), tags, modified,
                file.toUri() + "#" + id, List.of()));
    }

    @Override
    public Map<String, Integer> skipped() {
        return Map.copyOf(skipped);
    }

    @Override
    public List<Path> locations() {
        return List.of(file);
    }

    @Override
    public void close() {
        // Nothing is held open between reads.
    }
}
