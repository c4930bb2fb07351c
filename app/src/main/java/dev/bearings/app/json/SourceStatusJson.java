package dev.bearings.app.json;

import dev.bearings.app.source.SourcesConfig;
import dev.bearings.core.plugin.NoteSourceProvider;
import dev.bearings.core.plugin.ProviderRegistry;
import dev.bearings.core.plugin.Settings;
import dev.bearings.core.source.NoteSource;
import dev.bearings.core.source.SourceException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * One source of an index as {@code bearings sources --json} gives it: its short name, kind and location,
 * the notes the index holds of it, when it was last synced, and whether it can be read now.
 *
 * @param id       the source as notes carry it ({@code folder:/home/me/notes})
 * @param location the folder or file its notes come from; null for a source that names none
 * @param state    {@code ok}, {@code missing}, {@code locked} or {@code unreadable}
 * @param problem  why it is not ok, in words; null when it is
 * @param lastSync when it was last synced; null before its first sync
 * @param skipped  notes it left out at its last sync, by reason
 * @param settings what it was set with (what it leaves out, say), but for its location
 */
public record SourceStatusJson(String name, String kind, String id, String location, int notes, String state, String problem,
                               String lastSync, Map<String, Integer> skipped, Map<String, String> settings) {
    public static final String OK = "ok";

    /** Every configured source, each tried now (listed, as a sync would), with the notes {@code notesBySource} counts. */
    public static List<SourceStatusJson> of(SourcesConfig config, ProviderRegistry<NoteSourceProvider> providers,
                                            Map<String, Integer> notesBySource) {
        List<SourceStatusJson> all = new ArrayList<>();
        for (SourcesConfig.Source configured : config.sources()) {
            try (NoteSource source = providers.create(configured.provider(), Settings.of(configured.settings()))) {
                String id = source.name();
                String location = source.locations().isEmpty() ? null : source.locations().get(0).toString();
                String state = OK;
                String problem = null;
                try {
                    source.list();
                } catch (SourceException e) {
                    state = e.problem().name().toLowerCase(Locale.ROOT);
                    problem = e.getMessage();
                }
                all.add(new SourceStatusJson(configured.name(), configured.provider(), id, location, notesBySource.getOrDefault(id, 0),
                        state, problem, config.synced().get(id), config.skipped().getOrDefault(id, Map.of()),
                        shown(configured.settings(), location)));
            }
        }
        return all;
    }

    /**
     * A source's settings as they are shown: its location left out (shown as such), and the value of a setting whose
     * name says it is a secret (a third party's source may take a token) hidden, as output is pasted into reports.
     */
    static Map<String, String> shown(Map<String, String> settings, String location) {
        Map<String, String> shown = new TreeMap<>();
        settings.forEach((name, value) -> {
            if (!value.equals(location)) {
                shown.put(name, SourcesConfig.visible(name, value));
            }
        });
        return shown;
    }

    /** Whether its folder or file is gone: quickly, without listing it. */
    public static boolean gone(NoteSource source) {
        return !source.locations().isEmpty() && source.locations().stream().noneMatch(location -> java.nio.file.Files.exists(location));
    }

    /** The folder or file, as a path. */
    public Path path() {
        return location == null ? null : Path.of(location);
    }
}
