package dev.bearings.core.plugin;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The providers of one port by name. Refuses two providers of one name (whichever jar they come
 * from, so a plugin cannot silently replace a built-in) and settings a provider does not declare.
 */
public final class ProviderRegistry<P extends Provider<?>> {
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]*");

    private final String port;
    private final Map<String, P> byName;
    private final Map<String, String> elsewhere;

    private ProviderRegistry(String port, Map<String, P> byName, Map<String, String> elsewhere) {
        this.port = port;
        this.byName = Collections.unmodifiableMap(byName);
        this.elsewhere = Map.copyOf(elsewhere);
    }

    /** @param port what the providers provide, for messages, such as "Markdown parser" */
    public static <P extends Provider<?>> ProviderRegistry<P> of(String port, Collection<? extends P> providers) {
        return of(port, providers, Map.of());
    }

    /**
     * @param elsewhere providers known by name that ship apart, and what to add to the class path for each: when one
     *                  of them is asked for and is not here, the answer says what to add
     */
    public static <P extends Provider<?>> ProviderRegistry<P> of(String port, Collection<? extends P> providers,
                                                                 Map<String, String> elsewhere) {
        Map<String, P> byName = new LinkedHashMap<>();
        providers.stream()
                .sorted((a, b) -> a.name().compareTo(b.name()))
                .forEach(provider -> {
                    String name = provider.name();
                    if (name == null || !NAME.matcher(name).matches()) {
                        throw new IllegalStateException(port + " provider " + provider.getClass().getName()
                                + " has an invalid name '" + name + "' (use lower case letters, digits and dashes)");
                    }
                    P previous = byName.putIfAbsent(name, provider);
                    if (previous != null) {
                        throw new IllegalStateException("two " + port + " providers are named '" + name + "': "
                                + previous.getClass().getName() + " and " + provider.getClass().getName());
                    }
                });
        return new ProviderRegistry<>(port, byName, elsewhere);
    }

    public Set<String> names() {
        return new TreeSet<>(byName.keySet());
    }

    public List<P> providers() {
        return List.copyOf(byName.values());
    }

    public P provider(String name) {
        P provider = byName.get(name);
        if (provider == null && elsewhere.containsKey(name)) {
            throw new IllegalArgumentException("the " + port + " '" + name + "' is a plugin, not in the jar: add "
                    + elsewhere.get(name) + " to the class path ($BEARINGS_CLASSPATH)");
        }
        if (provider == null) {
            throw new IllegalArgumentException("unknown " + port + " '" + name + "'; known: "
                    + String.join(", ", names()));
        }
        return provider;
    }

    /** Creates the named implementation after checking every setting is one it knows. */
    @SuppressWarnings("unchecked")
    public <T> T create(String name, Settings settings) {
        P provider = provider(name);
        Set<String> unknown = new TreeSet<>(settings.asMap().keySet());
        unknown.removeAll(provider.settingNames());
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException(port + " '" + name + "' has no setting " + String.join(", ", unknown)
                    + (provider.settingNames().isEmpty() ? "; it takes none"
                    : "; it takes " + String.join(", ", new TreeSet<>(provider.settingNames()))));
        }
        return (T) provider.create(settings);
    }
}
