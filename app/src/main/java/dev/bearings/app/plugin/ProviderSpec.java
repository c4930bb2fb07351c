package dev.bearings.app.plugin;

import dev.bearings.core.plugin.Settings;

import java.util.List;

/**
 * A provider chosen on the command line with its settings, {@code NAME[:KEY=VALUE,...]}, as
 * {@code --source} and {@code --store} take it.
 */
public record ProviderSpec(String name, Settings settings) {
    /** Splits a list of specs at the commas that do not begin another setting: {@code sqlite,solr:url=U,shards=2}. */
    public static final String LIST_SPLIT = ",(?![A-Za-z0-9.-]+=)";

    public static ProviderSpec parse(String spec) {
        int colon = spec.indexOf(':');
        String name = (colon < 0 ? spec : spec.substring(0, colon)).strip();
        Settings settings = colon < 0 || colon == spec.length() - 1 ? Settings.NONE
                : Settings.parse(List.of(spec.substring(colon + 1).split(",")));
        return new ProviderSpec(name, settings);
    }
}
