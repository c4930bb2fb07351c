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
        return "a folder of Markdown files, read recursively (an Obsidian vault, an export): path=DIR, and what to leave out, "
                + "exclude=PATTERNS (gitignore's syntax, one a line; the folder's own .bearingsignore too)";
    }

    @Override
    public Set<String> settingNames() {
        return Set.of("path", "exclude");
    }

    @Override
    public NoteSource create(Settings settings) {
        SettingValues values = new SettingValues("note source 'folder'", settings);
        return new FolderSource(Path.of(values.required("path", "DIR")), IgnoreRules.patterns(settings.asMap().get("exclude")));
    }
}
