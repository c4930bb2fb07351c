package dev.bearings.core.plugin;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/** Named string settings handed to a provider, such as {@code model=/path/to/dir}. */
public final class Settings {
    public static final Settings NONE = new Settings(Map.of());

    private final Map<String, String> values;

    private Settings(Map<String, String> values) {
        this.values = Map.copyOf(values);
    }

    public static Settings of(Map<String, String> values) {
        return new Settings(Objects.requireNonNull(values, "values"));
    }

    /** Reads {@code key=value} pairs, naming the one that is not of that shape. */
    public static Settings parse(Iterable<String> pairs) {
        Map<String, String> values = new TreeMap<>();
        for (String pair : pairs) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("setting '" + pair + "' is not of the form name=value");
            }
            values.put(pair.substring(0, eq).strip(), pair.substring(eq + 1).strip());
        }
        return new Settings(values);
    }

    public Optional<String> get(String name) {
        return Optional.ofNullable(values.get(name));
    }

    public Map<String, String> asMap() {
        return values;
    }

    @Override
    public String toString() {
        return new TreeMap<>(values).toString();
    }
}
