package dev.bearings.cli.command;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.bearings.app.words.Limits;
import dev.bearings.app.words.Counted;
import dev.bearings.app.words.Dates;
import dev.bearings.app.json.NoteSummaryJson;
import dev.bearings.app.plugin.Plugins;
import dev.bearings.cli.option.StoreOptions;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.note.IndexedNote;
import dev.bearings.core.usecase.ListNotes;
import dev.bearings.core.usecase.ListTags;
import dev.bearings.cli.output.Visible;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.Callable;

/** {@code bearings notes}: the indexed notes, most recently modified first. */
@Command(name = "notes", mixinStandardHelpOptions = true,
        footerHeading = "%nExample:%n",
        footer = {"  bearings notes --tag work --limit 20"},
        description = "List the indexed notes, most recently modified first, by tag, title or date.")
public final class NotesCommand implements Callable<Integer> {
    private final Plugins plugins;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--tag", paramLabel = "TAG", description = "Only notes with this tag or a child of it.")
    private String tag;

    @Option(names = "--title", paramLabel = "TEXT", description = "Only notes whose title contains TEXT (any case).")
    private String title;

    @Option(names = "--since", paramLabel = "DATE", description = "Only notes modified on or after DATE: " + Dates.FORMS + ".")
    private String since;

    @Option(names = "--limit", paramLabel = "N", defaultValue = "" + Limits.NOTES, description = "Most notes (default: ${DEFAULT-VALUE}).")
    private int limit;

    @Option(names = "--json", description = "Print a JSON array.")
    private boolean json;

    @Mixin
    private StoreOptions storeOptions = new StoreOptions();

    NotesCommand(Plugins plugins) {
        this.plugins = plugins;
    }

    @Override
    public Integer call() throws Exception {
        if (limit < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--limit must be at least 1");
        }
        Optional<Instant> from;
        try {
            from = Optional.ofNullable(since).map(value -> Dates.instant(value, "--since"));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        List<IndexedNote> notes;
        try (ChunkIndexReader index = storeOptions.store(plugins.stores()).openExisting(storeOptions.folder())) {
            // One more than asked for, to know whether the list was cut and say so.
            List<String> unknown = ListTags.unknown(index, tag == null ? List.of() : List.of(tag));
            if (!unknown.isEmpty()) {
                throw new CommandLine.ParameterException(spec.commandLine(), "no note is tagged " + unknown.get(0)
                        + " (bearings tags lists the tags there are)");
            }
            notes = ListNotes.list(index, new ListNotes.Query(Optional.ofNullable(tag), Optional.ofNullable(title), from, limit + 1));
        }
        if (notes.size() > limit) {
            notes = notes.subList(0, limit);
            spec.commandLine().getErr().println("bearings: the " + Counted.of(limit, "note") + " modified last of more; "
                    + "--limit N shows more");
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
                    .writeValueAsString(notes.stream().map(NoteSummaryJson::of).toList()));
            return notes.isEmpty() ? CommandLines.NOTHING : CommandLines.FOUND;
        }
        for (IndexedNote note : notes) {
            String tags = note.tags().isEmpty() ? "" : "  #" + String.join(" #", new TreeSet<>(note.tags()));
            out.printf("%s  %s  (%s)%s%n", note.modified().toString().substring(0, 10), Visible.of(note.title()), Visible.of(note.id()),
                    Visible.of(tags));
        }
        if (notes.isEmpty()) {
            spec.commandLine().getErr().println("bearings: no note found");
        }
        return notes.isEmpty() ? CommandLines.NOTHING : CommandLines.FOUND;
    }
}
