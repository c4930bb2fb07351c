package dev.bearings.core.folder;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Where Bearings keeps the user's data (the default index, the MCP token, the running servers) and its
 * caches (native libraries, copied models), by one rule for every part of it: the XDG variable when the
 * user set one, else the platform's own folder (macOS's Application Support and Caches, Windows'
 * %LOCALAPPDATA%), else the XDG defaults under the home folder.
 */
public final class UserFolders {
    private static final String NAME = "bearings";

    private final String os;
    private final String home;
    private final Function<String, String> environment;

    UserFolders(String os, String home, Function<String, String> environment) {
        this.os = os.toLowerCase(Locale.ROOT);
        this.home = home;
        this.environment = environment;
    }

    /** This machine's folders. */
    public static UserFolders here() {
        return new UserFolders(System.getProperty("os.name", ""), System.getProperty("user.home"), System::getenv);
    }

    /** As on another machine: for tests. */
    static UserFolders of(String os, String home, Map<String, String> environment) {
        return new UserFolders(os, home, environment::get);
    }

    /** {@code $XDG_DATA_HOME/bearings}, else the platform's: {@code ~/.local/share/bearings} on Linux. */
    public Path data() {
        return set("XDG_DATA_HOME").map(xdg -> Path.of(xdg, NAME))
                .orElseGet(() -> mac() ? Path.of(home, "Library", "Application Support", NAME)
                        : windows() ? local().resolve(NAME)
                        : Path.of(home, ".local", "share", NAME));
    }

    /** {@code $XDG_CACHE_HOME/bearings}, else the platform's: {@code ~/.cache/bearings} on Linux. */
    public Path cache() {
        return set("XDG_CACHE_HOME").map(xdg -> Path.of(xdg, NAME))
                .orElseGet(() -> mac() ? Path.of(home, "Library", "Caches", NAME)
                        : windows() ? local().resolve(NAME).resolve("cache")
                        : Path.of(home, ".cache", NAME));
    }

    private Optional<String> set(String variable) {
        return Optional.ofNullable(environment.apply(variable)).filter(value -> !value.isBlank());
    }

    private Path local() {
        return set("LOCALAPPDATA").map(Path::of).orElseGet(() -> Path.of(home, "AppData", "Local"));
    }

    private boolean mac() {
        return os.contains("mac") || os.contains("darwin");
    }

    private boolean windows() {
        return os.contains("win");
    }
}
