package dev.bearings.core.plugin;

import java.util.Locale;

/**
 * Reads typed values out of a provider's {@link Settings}, refusing a bad one with a sentence that names
 * the provider, the setting and what it takes.
 */
public final class SettingValues {
    private final String provider;
    private final Settings settings;

    /** @param provider how messages name the provider, such as {@code note source 'bear'} */
    public SettingValues(String provider, Settings settings) {
        this.provider = provider;
        this.settings = settings;
    }

    public String text(String name, String fallback) {
        return settings.get(name).orElse(fallback);
    }

    public String required(String name, String what) {
        return settings.get(name).filter(v -> !v.isBlank()).orElseThrow(() -> new IllegalArgumentException(
                provider + " needs " + name + "=" + what));
    }

    public boolean flag(String name, boolean fallback) {
        String value = settings.get(name).orElse(null);
        if (value == null) {
            return fallback;
        }
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException(provider + " setting " + name + " must be true or false, not '"
                    + value + "'");
        };
    }

    public int number(String name, int fallback, int min, int max) {
        String value = settings.get(name).orElse(null);
        if (value == null) {
            return fallback;
        }
        try {
            int number = Integer.parseInt(value.strip());
            if (number < min || number > max) {
                throw new NumberFormatException();
            }
            return number;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(provider + " setting " + name + " must be a whole number from " + min
                    + " to " + max + ", not '" + value + "'");
        }
    }

    /** One of the constants of an enum, by name in any case. */
    public <E extends Enum<E>> E choice(String name, E fallback) {
        String value = settings.get(name).orElse(null);
        if (value == null) {
            return fallback;
        }
        for (E constant : fallback.getDeclaringClass().getEnumConstants()) {
            if (constant.name().equalsIgnoreCase(value.strip())) {
                return constant;
            }
        }
        StringBuilder known = new StringBuilder();
        for (E constant : fallback.getDeclaringClass().getEnumConstants()) {
            known.append(known.length() == 0 ? "" : ", ").append(constant.name().toLowerCase(Locale.ROOT));
        }
        throw new IllegalArgumentException(provider + " setting " + name + " must be one of " + known + ", not '" + value + "'");
    }
}
