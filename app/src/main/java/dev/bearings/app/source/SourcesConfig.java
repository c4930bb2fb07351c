package dev.bearings.app.source;

import dev.bearings.app.folder.DataFolder;
import dev.bearings.app.folder.OwnerOnly;
import dev.bearings.app.words.Advice;
import dev.bearings.app.words.ShellWords;
import dev.bearings.app.folder.IndexFolder;
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
 * @param synced  per source name, when it was last synced
 * @param unread  per source name, the notes its last sync could not read, by id, at the version it could not read
 */
public record SourcesConfig(List<Source> sources, Map<String, Map<String, Integer>> skipped, Map<String, String> synced,
                            Map<String, Map<String, String>> unread) {
    private static final java.util.regex.Pattern SECRET =
            java.util.regex.Pattern.compile("(?i)token|secret|password|passphrase|credential|key");
    public static final String FILE = IndexFolder.SOURCES;
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /**
     * One configured source: {@code {"name": "notes", "provider": "folder", "settings": {"path": "/home/me/notes"}}}.
     *
     * @param name the short name a person uses for it ({@code --source notes}, {@code bearings sources remove notes});
     *             null for one written by an earlier version, named when read
     */
    public record Source(String name, String provider, Map<String, String> settings) {
        public Source {
            settings = settings == null ? Map.of() : new TreeMap<>(settings);
        }

        /** A source not named yet: it gets a name when it joins a configuration. */
        public Source(String provider, Map<String, String> settings) {
            this(null, provider, settings);
        }

        /** What makes two of them the same source, whatever else their settings say (what they leave out, say). */
        String identity() {
            for (String key : List.of("path", "database")) {
                if (settings.containsKey(key)) {
                    return provider + ":" + settings.get(key);
                }
            }
            return provider + ":" + settings;
        }

        /** The name it is given when it has none: its folder's name, or its provider's. */
        String suggestedName() {
            String path = settings.get("path");
            if (path != null) {
                Path file = Path.of(path).getFileName();
                if (file != null && !file.toString().isBlank()) {
                    return file.toString();
                }
            }
            return provider;
        }

        Source named(String given) {
            return new Source(given, provider, settings);
        }
    }

    public SourcesConfig {
        sources = named(sources == null ? List.of() : sources);
        skipped = skipped == null ? Map.of() : Map.copyOf(skipped);
        synced = synced == null ? Map.of() : Map.copyOf(synced);
        unread = unread == null ? Map.of() : Map.copyOf(unread);
    }

    public SourcesConfig(List<Source> sources, Map<String, Map<String, Integer>> skipped) {
        this(sources, skipped, Map.of(), Map.of());
    }

    /** The notes of {@code source} its last sync could not read, at the version it could not read them: no change until they change. */
    public Map<String, String> unread(String source) {
        return unread.getOrDefault(source, Map.of());
    }

    /** Every source with a name, and no two with one name: a source without one gets its suggested name, made unique. */
    private static List<Source> named(List<Source> sources) {
        java.util.Set<String> taken = new java.util.HashSet<>();
        sources.stream().map(Source::name).filter(java.util.Objects::nonNull).forEach(taken::add);
        List<Source> named = new ArrayList<>();
        for (Source source : sources) {
            if (source.name() != null) {
                named.add(source);
                continue;
            }
            String name = source.suggestedName();
            for (int n = 2; taken.contains(name); n++) {
                name = source.suggestedName() + "-" + n;
            }
            taken.add(name);
            named.add(source.named(name));
        }
        return List.copyOf(named);
    }

    /**
     * These sources and {@code added}: one that is already here (the same folder or database) takes the settings
     * given now (what it leaves out, say) and keeps its name, unless {@code added} names it anew.
     *
     * @throws IllegalArgumentException when {@code added}'s name is another source's
     */
    public SourcesConfig withAdded(Source added) {
        List<Source> all = new ArrayList<>();
        boolean replaced = false;
        for (Source source : sources) {
            if (source.identity().equals(added.identity())) {
                all.add(new Source(added.name() != null ? added.name() : source.name(), added.provider(), added.settings()));
                replaced = true;
            } else {
                if (added.name() != null && added.name().equals(source.name())) {
                    throw new IllegalArgumentException("a source is already named " + added.name() + " (" + source.identity()
                            + "); choose another name");
                }
                all.add(source);
            }
        }
        if (!replaced) {
            all.add(added);
        }
        return new SourcesConfig(all, skipped, synced, unread);
    }

    /**
     * What {@code added} changes in the settings of the source it is (the same folder or database), in words
     * ({@code notes: exclude none (was Archive/, *.tmp.md)}); empty when it is new here or set as it was.
     */
    public java.util.Optional<String> changes(Source added) {
        for (Source source : sources) {
            if (source.identity().equals(added.identity()) && !source.settings().equals(added.settings())) {
                java.util.Set<String> keys = new java.util.TreeSet<>(source.settings().keySet());
                keys.addAll(added.settings().keySet());
                List<String> changed = new ArrayList<>();
                for (String key : keys) {
                    String was = source.settings().get(key);
                    String now = added.settings().get(key);
                    if (!java.util.Objects.equals(was, now)) {
                        changed.add(key + " " + shown(visible(key, now)) + " (was " + shown(visible(key, was)) + ")");
                    }
                }
                return java.util.Optional.of(source.name() + ": " + String.join("; ", changed));
            }
        }
        return java.util.Optional.empty();
    }

    /**
     * A setting's value as it may be shown: hidden when the setting's name says it is a secret (a third party's
     * source may take a token), as what a command prints gets pasted into reports.
     */
    public static String visible(String setting, String value) {
        return value != null && SECRET.matcher(setting).find() ? "(hidden)" : value;
    }

    /** A setting's value as a person reads it: its lines joined, or "none". */
    public static String shown(String value) {
        return value == null ? "none" : String.join(", ", value.split("\\R"));
    }

    /** The source named {@code name}, if there is one. */
    public java.util.Optional<Source> named(String name) {
        return sources.stream().filter(source -> source.name().equals(name)).findFirst();
    }

    @JsonIgnore // not a field of the file
    public boolean isEmpty() {
        return sources.isEmpty();
    }

    /**
     * The sources remembered beside the index in {@code indexFolder}; none when there is no such file.
     *
     * @throws IOException naming the file and what to do, when it is damaged
     */
    public static SourcesConfig read(Path indexFolder) throws IOException {
        Path file = indexFolder.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return new SourcesConfig(List.of(), Map.of());
        }
        try {
            JsonNode json = JSON.readTree(file.toFile());
            if (json == null || !json.isObject()) {
                throw new IOException("not an object of sources");
            }
            return json.has("sources") ? JSON.treeToValue(json, SourcesConfig.class) : legacy(json);
        } catch (IOException | RuntimeException damaged) {
            String where = damaged instanceof com.fasterxml.jackson.core.JsonProcessingException parse && parse.getLocation() != null
                    ? "not readable at line " + parse.getLocation().getLineNr() + ", column " + parse.getLocation().getColumnNr()
                    : "not a list of sources Bearings wrote";
            throw new IOException("the index's list of its sources, " + file + ", is damaged (" + where + "); restore it from a "
                    + "backup, or delete it and name the sources again (" + Advice.addSource(indexFolder.equals(DataFolder.path()) ? ""
                    : " --index " + ShellWords.quote(indexFolder.toString())) + "): the notes indexed stay", damaged);
        }
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

    /**
     * Reads an indexed note afresh from the configured source it came from: only notes of these sources are
     * read, and only through their source, so a note's id cannot reach anything else.
     *
     * @return empty when no configured source has it (any more)
     */
    public java.util.Optional<dev.bearings.core.note.Note> read(dev.bearings.core.note.IndexedNote note,
                                                               ProviderRegistry<NoteSourceProvider> providers)
            throws dev.bearings.core.source.SourceException, NoteSource.UnreadableNote {
        List<NoteSource> configured = open(providers);
        try {
            for (NoteSource source : configured) {
                if (source.name().equals(note.source())) {
                    return source.read(note.id());
                }
            }
            return java.util.Optional.empty();
        } finally {
            configured.forEach(NoteSource::close);
        }
    }

    /** Each configured source's short name and its name as notes carry it ({@code notes} and {@code folder:/home/me/notes}). */
    public Map<String, String> ids(ProviderRegistry<NoteSourceProvider> providers) {
        Map<String, String> ids = new LinkedHashMap<>();
        List<NoteSource> configured = open(providers);
        try {
            for (int i = 0; i < configured.size(); i++) {
                ids.put(sources.get(i).name(), configured.get(i).name());
            }
        } finally {
            configured.forEach(NoteSource::close);
        }
        return ids;
    }

    /** The folder of each configured source that is a folder, by the source's name as notes carry it. */
    public Map<String, Path> folders(ProviderRegistry<NoteSourceProvider> providers) {
        Map<String, Path> folders = new java.util.HashMap<>();
        List<NoteSource> configured = open(providers);
        try {
            for (NoteSource source : configured) {
                source.locations().stream().filter(Files::isDirectory).findFirst().ifPresent(root -> folders.put(source.name(), root));
            }
        } finally {
            configured.forEach(NoteSource::close);
        }
        return folders;
    }

    public SourcesConfig withSources(List<Source> replaced) {
        return new SourcesConfig(replaced, skipped, synced, unread);
    }

    /** The same, {@code source} synced {@code at}, leaving out {@code reasons}, unable to read {@code notes} (id to version). */
    public SourcesConfig withSynced(String source, java.time.Instant at, Map<String, Integer> reasons, Map<String, String> notes) {
        Map<String, Map<String, Integer>> all = new TreeMap<>(skipped);
        all.put(source, reasons);
        Map<String, String> times = new TreeMap<>(synced);
        times.put(source, at.toString());
        Map<String, Map<String, String>> passed = new TreeMap<>(unread);
        passed.put(source, notes);
        return new SourcesConfig(sources, all, times, passed);
    }
}
