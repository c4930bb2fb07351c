package dev.bearings.core.source;

import dev.bearings.core.note.Note;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Notes held in memory, such as an evaluation dataset's documents; the version is the text's hash. */
public final class MemorySource implements NoteSource {
    private final String name;
    private final Map<String, Note> notes = new LinkedHashMap<>();

    public MemorySource(String name, List<Note> notes) {
        this.name = name;
        notes.forEach(n -> this.notes.put(n.id(), n));
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public List<NoteFingerprint> list() {
        List<NoteFingerprint> list = new ArrayList<>();
        notes.values().forEach(n -> list.add(new NoteFingerprint(n.id(), n.text().length() + ":" + n.text().hashCode())));
        return list;
    }

    @Override
    public Optional<Note> read(String id) {
        return Optional.ofNullable(notes.get(id));
    }

    @Override
    public Map<String, Integer> skipped() {
        return Map.of();
    }

    @Override
    public void close() {
    }
}
