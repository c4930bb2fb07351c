package dev.bearings.cli.command;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.bearings.app.plugin.Plugins;
import dev.bearings.core.plugin.Provider;
import dev.bearings.core.plugin.ProviderRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.Callable;

/** {@code bearings plugins}: every parser, embedder, index store and note source this command can use. */
@Command(name = "plugins", mixinStandardHelpOptions = true,
        footerHeading = "%nExample:%n",
        footer = {"  bearings plugins"},
        description = {"List the Markdown parsers, embedding engines, index stores and note sources, built in or found on the class path.",
                "Choose them with --parser, --embedder, --store and --source NAME[:KEY=VALUE,...]."})
public final class PluginsCommand implements Callable<Integer> {
    private final Plugins plugins;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--json", description = "Print a JSON array.")
    private boolean json;

    PluginsCommand(Plugins plugins) {
        this.plugins = plugins;
    }

    /**
     * One provider as listed.
     *
     * @param builtIn whether it comes with Bearings, or from a plugin's jar on the class path
     */
    record PluginJson(String port, String name, String description, List<String> settings, boolean builtIn) {
    }

    @Override
    public Integer call() throws Exception {
        List<PluginJson> all = new ArrayList<>();
        add(all, "parser", plugins.parsers());
        add(all, "embedder", plugins.embedders());
        add(all, "store", plugins.stores());
        add(all, "source", plugins.sources());
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(all));
            return 0;
        }
        for (PluginJson plugin : all) {
            out.printf("%-9s %-11s %s%n", plugin.port(), plugin.name(), plugin.description());
            if (!plugin.settings().isEmpty()) {
                out.printf("%-21s settings: %s%n", "", String.join(", ", plugin.settings()));
            }
        }
        return 0;
    }

    private static void add(List<PluginJson> all, String port, ProviderRegistry<? extends Provider<?>> registry) {
        for (Provider<?> provider : registry.providers()) {
            all.add(new PluginJson(port, provider.name(), provider.description(), List.copyOf(new TreeSet<>(provider.settingNames())),
                    provider.getClass().getName().startsWith("dev.bearings.")));
        }
    }
}
