package dev.bearings.app;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.bearings.core.plugin.NoteSourceProvider;
import dev.bearings.core.plugin.ProviderRegistry;
import dev.bearings.core.plugin.Settings;
import dev.bearings.core.source.NoteSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What an index was last synced from, kept beside it ({@code sources.json}), so that a plain
 * {@code bearings index} syncs the same sources again, and what each sync skipped. Each source is a
 * provider's name and its settings, built-in or a plugin's alike.
 *
 * @param sources each source's provider and settings
 * @param skipped per source name, notes left out by reason at the last sync
 */
public record SourcesConfig(List<Source> sources, Map<String, Map<String, Integer>> skipped) {
    public static final String FILE = "sources.json";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** One configured source: {@code {"provider": "folder", "settings": {"path": "/home/me/notes"}}}. */
    public record Source(String provider, Map<String, String> settings) {
        public Source {
            settings = settings == null ? Map.of() : new TreeMap<>(settings);
        }
    }

    public SourcesConfig {
        sources = sources == null ? List.of() : List.copyOf(sources);
        skipped = skipped == null ? Map.of() : Map.copyOf(skipped);
    }

    @JsonIgnore // not a field of the file
    public boolean isEmpty() {
        return sources.isEmpty();
    }

    public static SourcesConfig read(Path indexFolder) throws IOException {
        Path file = indexFolder.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return new SourcesConfig(List.of(), Map.of());
        }
        JsonNode json = JSON.readTree(file.toFile());
        return json.has("sources") ? JSON.treeToValue(json, SourcesConfig.class) : legacy(json);
    }

    /** The file as Bearings wrote it before sources were providers: folders, a Bear database, its archive flag. */
    private static SourcesConfig legacy(JsonNode json) throws IOException {
        List<Source> sources = new ArrayList<>();
        if (json.hasNonNull("bear")) {
            sources.add(new Source("bear", Map.of("database", json.get("bear").asText(),
                    "include-archived", Boolean.toString(json.path("includeArchived").asBoolean()))));
        }
        json.path("folders").forEach(folder -> sources.add(new Source("folder", Map.of("path", folder.asText()))));
        Map<String, Map<String, Integer>> skipped = new LinkedHashMap<>();
        json.path("skipped").fields().forEachRemaining(source -> {
            Map<String, Integer> reasons = new LinkedHashMap<>();
            source.getValue().fields().forEachRemaining(reason -> reasons.put(reason.getKey(), reason.getValue().asInt()));
            skipped.put(source.getKey(), reasons);
        });
        return new SourcesConfig(sources, skipped);
    }

    public void write(Path indexFolder) throws IOException {
        if (!Files.isDirectory(indexFolder)) {
            OwnerOnly.create(indexFolder.toAbsolutePath());
        }
        Path partial = Files.createTempFile(indexFolder, "sources", ".part");
        JSON.writeValue(partial.toFile(), this);
        Files.move(partial, indexFolder.resolve(FILE), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** The configured sources, opened by their providers; each is closed by whoever uses it. */
    public List<NoteSource> open(ProviderRegistry<NoteSourceProvider> providers) {
        List<NoteSource> opened = new ArrayList<>();
        for (Source source : sources) {
            opened.add(providers.create(source.provider(), Settings.of(source.settings())));
        }
        return opened;
    }

    public SourcesConfig withSources(List<Source> replaced) {
        return new SourcesConfig(replaced, skipped);
    }

    public SourcesConfig withSkipped(String source, Map<String, Integer> reasons) {
        Map<String, Map<String, Integer>> all = new TreeMap<>(skipped);
        all.put(source, reasons);
        return new SourcesConfig(sources, all);
    }
}
