package dev.bearings.source.files;

import dev.bearings.core.plugin.NoteSourceProvider;
import dev.bearings.core.plugin.SettingValues;
import dev.bearings.core.plugin.Settings;
import dev.bearings.core.source.NoteSource;

import java.nio.file.Path;
import java.util.Set;

/** Offers a folder of Markdown as the note source named {@code folder}: {@code path=DIR}. */
public final class FolderSourceProvider implements NoteSourceProvider {

    @Override
    public String name() {
        return "folder";
    }

    @Override
    public String description() {
        return "a folder of Markdown files, read recursively (an Obsidian vault, an export): path=DIR";
    }

    @Override
    public Set<String> settingNames() {
        return Set.of("path");
    }

    @Override
    public NoteSource create(Settings settings) {
        return new FolderSource(Path.of(new SettingValues("note source 'folder'", settings).required("path", "DIR")));
    }
}
