package dev.bearings.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.bearings.core.source.NoteSource;
import dev.bearings.source.bear.BearSource;
import dev.bearings.source.files.FolderSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What an index was last synced from, kept beside it ({@code sources.json}), so that a plain
 * {@code bearings index} syncs the same sources again, and what each sync skipped.
 *
 * @param folders  folders of Markdown
 * @param bear     Bear's database, or null
 * @param skipped  per source name, notes left out by reason at the last sync
 */
record SourcesConfig(List<String> folders, String bear, boolean includeArchived,
                     Map<String, Map<String, Integer>> skipped) {
    static final String FILE = "sources.json";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    SourcesConfig {
        folders = folders == null ? List.of() : List.copyOf(folders);
        skipped = skipped == null ? Map.of() : Map.copyOf(skipped);
    }

    static SourcesConfig empty() {
        return new SourcesConfig(List.of(), null, false, Map.of());
    }

    boolean isEmpty() {
        return folders.isEmpty() && bear == null;
    }

    static SourcesConfig read(Path indexFolder) throws IOException {
        Path file = indexFolder.resolve(FILE);
        return Files.isRegularFile(file) ? JSON.readValue(file.toFile(), SourcesConfig.class) : empty();
    }

    void write(Path indexFolder) throws IOException {
        Files.createDirectories(indexFolder);
        Path partial = Files.createTempFile(indexFolder, "sources", ".part");
        JSON.writeValue(partial.toFile(), this);
        Files.move(partial, indexFolder.resolve(FILE), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** The configured sources, opened; each is closed by whoever uses it. */
    List<NoteSource> open() {
        List<NoteSource> sources = new ArrayList<>();
        if (bear != null) {
            sources.add(new BearSource(Path.of(bear), includeArchived, IndexCommand.BEAR_BUSY_TIMEOUT));
        }
        folders.forEach(folder -> sources.add(new FolderSource(Path.of(folder))));
        return sources;
    }

    SourcesConfig withSkipped(String source, Map<String, Integer> reasons) {
        Map<String, Map<String, Integer>> all = new TreeMap<>(skipped);
        all.put(source, reasons);
        return new SourcesConfig(new ArrayList<>(folders), bear, includeArchived, all);
    }
}
