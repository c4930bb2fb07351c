package dev.bearings.cli.command;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.bearings.app.json.NoteJson;
import dev.bearings.app.source.NoteLookup;
import dev.bearings.app.plugin.Plugins;
import dev.bearings.app.source.SourceNames;
import dev.bearings.app.source.SourcesConfig;
import dev.bearings.cli.option.StoreOptions;
import dev.bearings.cli.output.Visible;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.note.IndexedNote;
import dev.bearings.core.plugin.Settings;
import dev.bearings.core.usecase.ReadNote;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code bearings get NOTE...}: a note's Markdown as it is now in its source, whole, one section, or some
 * of its lines; the same text the MCP tool {@code read_note} gives, by the same reading.
 */
@Command(name = "get", mixinStandardHelpOptions = true,
        footerHeading = "%nExamples:%n",
        footer = {"  bearings get vpn-setup.md",
                "  bearings get \"Home VPN with WireGuard\" --heading Troubleshooting",
                "  bearings get ~/notes/vpn-setup.md:50 -l 10"},
        description = {"Print notes as they are now in their sources: whole, one section (--heading), or lines "
                + "(NOTE:LINE, -l N). A note by its id (a search's noteId), its file, or its title.",
                "Several notes are printed one after the other, each under a ==> title (id) <== line."})
public final class GetCommand implements Callable<Integer> {
    private final Plugins plugins;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "NOTE", arity = "1..*", description = "A note: its id, its file's path, or its title; "
            + "NOTE:LINE starts at that line.")
    private List<String> notes;

    @Option(names = "--heading", paramLabel = "HEADING", description = "Only this section, sub-sections included: a heading's "
            + "text (Troubleshooting) or a search result's heading path (# VPN > ## Troubleshooting).")
    private String heading;

    @Option(names = {"-l", "--lines"}, paramLabel = "N", description = "Only N lines (from NOTE:LINE, or from the start).")
    private Integer lines;

    @Option(names = "--source", paramLabel = "NAME", description = "The note's source, when two sources have a note of this id.")
    private String source;

    @Option(names = "--json", description = "Print a JSON array of notes, as read_note gives each.")
    private boolean json;

    @Mixin
    private StoreOptions storeOptions = new StoreOptions();

    GetCommand(Plugins plugins) {
        this.plugins = plugins;
    }

    @Override
    public Integer call() throws Exception {
        if (lines != null && lines < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--lines must be 1 or more, not " + lines);
        }
        Path folder = storeOptions.folder();
        SourcesConfig config = SourcesConfig.read(folder);
        List<NoteJson> read = new ArrayList<>();
        try (ChunkIndexReader index = storeOptions.store(plugins.stores()).openExisting(folder)) {
            ReadNote reading = new ReadNote(plugins.parsers().create(index.manifest().recipe().parser(), Settings.NONE));
            Map<String, Path> folders = config.folders(plugins.sources());
            List<IndexedNote> indexed = index.notes();
            Optional<String> only = source == null ? Optional.empty()
                    : Optional.of(SourceNames.resolve(source, index.stats().notesBySource().keySet()));
            if (only.isPresent()) {
                indexed = indexed.stream().filter(note -> note.source().equals(only.get())).toList();
            }
            for (String asked : notes) {
                NoteLookup.Found found;
                try {
                    found = NoteLookup.find(asked, indexed, folders, Path.of("").toAbsolutePath());
                } catch (IllegalArgumentException e) {
                    throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
                }
                NoteJson note = NoteJson.of(reading.read(index, indexedNote -> config.read(indexedNote, plugins.sources()),
                        new ReadNote.Request(found.note().id(), Optional.of(found.note().source()), Optional.ofNullable(heading))));
                read.add(found.line().isPresent() || lines != null ? note.lines(found.line().orElse(
                        note.startLine() == null ? 1 : note.startLine()), lines) : note);
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(read));
            return 0;
        }
        // On a terminal the text is shown, not obeyed: a note cannot write the clipboard or the window's title. Piped, it is
        // the note's own bytes, as cat gives them.
        boolean terminal = System.console() != null;
        for (NoteJson note : read) {
            if (read.size() > 1) {
                out.println("==> " + Visible.of(note.title()) + " (" + Visible.of(note.id()) + ") <==");
            }
            String text = terminal ? Visible.of(note.markdown()) : note.markdown();
            out.print(text.endsWith("\n") || text.isEmpty() ? text : text + "\n");
        }
        return 0;
    }
}
