package com.example.bearings.source;

import dev.bearings.core.plugin.NoteSourceProvider;
import dev.bearings.core.plugin.SettingValues;
import dev.bearings.core.plugin.Settings;
import dev.bearings.core.source.NoteSource;

import java.nio.file.Path;
import java.util.Set;

/** Listed in META-INF/services: that line is all it takes for {@code bearings index --source jsonl:path=FILE}. */
public final class JsonLinesSourceProvider implements NoteSourceProvider {

    @Override
    public String name() {
        return "jsonl";
    }

    @Override
    public String description() {
        return "example plugin: notes from a JSON Lines export (id, title, text, tags, modified per line): path=FILE";
    }

    @Override
    public Set<String> settingNames() {
        return Set.of("path");
    }

    @Override
    public NoteSource create(Settings settings) {
        return new JsonLinesSource(Path.of(new SettingValues("note source 'jsonl'", settings).required("path", "FILE")));
    }
}
