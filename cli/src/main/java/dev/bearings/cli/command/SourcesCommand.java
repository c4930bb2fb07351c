package dev.bearings.cli.command;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.bearings.app.words.Advice;
import dev.bearings.app.words.Counted;
import dev.bearings.app.plugin.Plugins;
import dev.bearings.app.words.ShellWords;
import dev.bearings.app.json.SourceStatusJson;
import dev.bearings.app.source.SourcesConfig;
import dev.bearings.app.index.SourcesSync;
import dev.bearings.cli.option.StoreOptions;
import dev.bearings.cli.output.Fitted;
import dev.bearings.cli.output.TerminalWidth;
import dev.bearings.cli.output.Visible;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.index.ChunkIndexStore;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code bearings sources}: the folders and databases an index syncs, each with its short name, and how
 * each is now; {@code bearings sources remove NAME} stops syncing one and takes its notes out.
 */
@Command(name = "sources", mixinStandardHelpOptions = true,
        subcommands = {SourcesCommand.Remove.class},
        footerHeading = "%nExamples:%n",
        footer = {"  bearings sources", "  bearings sources remove old-vault"},
        description = {"List the sources the index syncs: name, kind, location, notes, last sync, and whether each can "
                + "be read now (ok, missing, locked, unreadable); below each, what it is set with (what it leaves out) and what it left out. Add one with bearings index " + Advice.SOURCE_FLAGS + ".",
                "Exits 1 when the index has none."})
public final class SourcesCommand implements Callable<Integer> {
    private final Plugins plugins;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Mixin
    private StoreOptions storeOptions = new StoreOptions();

    @Option(names = "--json", description = "Print a JSON array.")
    private boolean json;

    SourcesCommand(Plugins plugins) {
        this.plugins = plugins;
    }

    @Override
    public Integer call() throws Exception {
        Path folder = storeOptions.folder();
        SourcesConfig config = SourcesConfig.read(folder);
        Map<String, Integer> notes;
        try (ChunkIndexReader index = storeOptions.store(plugins.stores()).openExisting(folder)) {
            notes = index.stats().notesBySource();
        } catch (ChunkIndexStore.IndexUnreadableException none) {
            notes = Map.of();
        }
        List<SourceStatusJson> sources = SourceStatusJson.of(config, plugins.sources(), notes);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(sources));
        } else if (sources.isEmpty()) {
            spec.commandLine().getErr().println("bearings: the index at " + folder + " has no sources; add one with "
                    + Advice.addSource(storeOptions.indexFlag()));
        } else {
            Fitted fitted = Fitted.to(TerminalWidth.of(TerminalWidth.AUTO));
            for (SourceStatusJson source : sources) {
                String synced = source.lastSync() == null ? "never synced"
                        : "synced " + Instant.parse(source.lastSync()).truncatedTo(ChronoUnit.SECONDS);
                fitted.lines("", "    ", Visible.of(source.name() + "  " + source.kind() + "  " + (source.location() == null
                        ? source.id() : source.location()) + "  " + Counted.of(source.notes(), "note") + ", " + synced + "  "
                        + state(source))).forEach(out::println);
                source.settings().forEach((setting, value) -> out.println("    " + setting + ": " + SourcesConfig.shown(value)));
                source.skipped().forEach((reason, count) -> out.println("    left out " + count + ": " + reason));
            }
        }
        return sources.isEmpty() ? 1 : 0;
    }

    private String state(SourceStatusJson source) {
        return switch (source.state()) {
            case SourceStatusJson.OK -> "ok";
            case "missing" -> "MISSING: " + source.problem() + "; its notes stay searchable as they were (to drop them: bearings "
                    + "sources remove " + ShellWords.quote(source.name()) + storeOptions.indexFlag() + ")";
            case "locked" -> "locked: " + source.problem();
            default -> "UNREADABLE: " + source.problem();
        };
    }

    /** {@code bearings sources remove}. */
    @Command(name = "remove", mixinStandardHelpOptions = true, description = "Stop syncing a source and take its notes out of "
            + "the index (its files are not touched).",
            footerHeading = "%nExample:%n", footer = {"  bearings sources remove old-vault"})
    static final class Remove implements Callable<Integer> {
        private final Plugins plugins;

        @CommandLine.Spec
        private CommandLine.Model.CommandSpec spec;

        @Mixin
        private StoreOptions storeOptions = new StoreOptions();

        @Parameters(paramLabel = "NAME", arity = "1..*", description = "A source by its name (bearings sources lists them) or as notes carry it (folder:/path).")
        private List<String> names;

        Remove(Plugins plugins) {
            this.plugins = plugins;
        }

        @Override
        public Integer call() throws Exception {
            Path folder = storeOptions.folder();
            ChunkIndexStore store = storeOptions.store(plugins.stores());
            for (String name : names) {
                int removed;
                try {
                    removed = SourcesSync.remove(folder, store, plugins.sources(), name);
                } catch (IllegalArgumentException unknown) {
                    throw new CommandLine.ParameterException(spec.commandLine(), unknown.getMessage());
                }
                spec.commandLine().getErr().println("bearings: removed the source " + name + " and its " + Counted.of(removed, "note"));
            }
            return 0;
        }
    }
}
