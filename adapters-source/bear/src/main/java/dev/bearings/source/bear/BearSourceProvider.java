package dev.bearings.source.bear;

import dev.bearings.core.plugin.NoteSourceProvider;
import dev.bearings.core.plugin.SettingValues;
import dev.bearings.core.plugin.Settings;
import dev.bearings.core.source.NoteSource;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;

/**
 * Offers Bear's database (read-only) as the note source named {@code bear}: {@code database=PATH}
 * (default: where Bear keeps it on this Mac), {@code include-archived=true|false} (default false),
 * {@code busy-timeout=SECONDS} (how long to wait while Bear writes; default 10).
 */
public final class BearSourceProvider implements NoteSourceProvider {
    public static final Duration DEFAULT_BUSY_TIMEOUT = Duration.ofSeconds(10);

    @Override
    public String name() {
        return "bear";
    }

    @Override
    public String description() {
        return "Bear's notes, read-only: database=PATH, include-archived=true|false, busy-timeout=SECONDS";
    }

    @Override
    public Set<String> settingNames() {
        return Set.of("database", "include-archived", "busy-timeout");
    }

    @Override
    public NoteSource create(Settings settings) {
        SettingValues values = new SettingValues("note source 'bear'", settings);
        Path database = settings.get("database").filter(d -> !d.isBlank()).map(Path::of).orElseGet(BearSource::defaultDatabase);
        return new BearSource(database, values.flag("include-archived", false),
                Duration.ofSeconds(values.number("busy-timeout", (int) DEFAULT_BUSY_TIMEOUT.toSeconds(), 0, 3600)));
    }
}
