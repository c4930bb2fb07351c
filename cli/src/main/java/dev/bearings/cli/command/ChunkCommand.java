package dev.bearings.cli.command;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.bearings.app.index.NewIndex;
import dev.bearings.app.index.OpenedEmbedder;
import dev.bearings.app.plugin.Plugins;
import dev.bearings.cli.option.ChunkingOptions;
import dev.bearings.cli.option.EmbedderOptions;
import dev.bearings.cli.output.ChunkJson;
import dev.bearings.core.chunk.Chunk;
import dev.bearings.core.chunk.Chunker;
import dev.bearings.core.chunk.ChunkingRules;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.markdown.MarkdownParser;
import dev.bearings.core.note.NoteText;
import dev.bearings.core.plugin.Settings;
import dev.bearings.core.usecase.ChunkNote;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code bearings chunk FILE...}: shows how notes are cut, without indexing anything. */
@Command(name = "chunk", mixinStandardHelpOptions = true,
        footerHeading = "%nExample:%n",
        footer = {"  bearings chunk notes/vpn-setup.md --max-words 200"},
        description = "Show the chunks Bearings cuts Markdown files into.")
public final class ChunkCommand implements Callable<Integer> {
    private final Plugins plugins;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Markdown files to chunk.")
    private List<Path> files;

    @CommandLine.Mixin
    private ChunkingOptions chunking = new ChunkingOptions();

    @Option(names = "--json", description = "Print one JSON array of all chunks.")
    private boolean json;

    @CommandLine.Mixin
    private EmbedderOptions embedderOptions = new EmbedderOptions();

    ChunkCommand(Plugins plugins) {
        this.plugins = plugins;
    }

    @Override
    public Integer call() throws IOException {
        ChunkingRules rules = chunking.rules(spec.commandLine(), NewIndex.RULES);
        String parserName = chunking.parser(NewIndex.PARSER);
        MarkdownParser markdownParser = plugins.parsers().create(parserName, Settings.NONE);
        if (!embedderOptions.requested()) {
            return chunkAll(new ChunkNote(markdownParser, new Chunker(rules)), false);
        }
        try (OpenedEmbedder opened = embedderOptions.open(plugins.embedders())) {
            IndexRecipe recipe = NewIndex.recipe(parserName, rules, opened.name(), opened.settings(), opened.embedder());
            return chunkAll(new ChunkNote(markdownParser, recipe.chunker(opened.embedder())), true);
        }
    }

    /** @param titled whether chunks are measured with the title prefix they will be embedded with */
    private int chunkAll(ChunkNote chunkNote, boolean titled) throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<ChunkJson> all = new ArrayList<>();
        boolean failed = false;
        for (Path file : files) {
            String text;
            try {
                text = read(file);
            } catch (UnreadableFileException e) {
                err.println("bearings: " + file + ": " + e.getMessage());
                failed = true;
                continue;
            }
            List<Chunk> chunks;
            try {
                chunks = titled ? chunkTitled(chunkNote, text, file) : chunkNote.chunk(text).chunks();
            } catch (StackOverflowError e) {
                err.println("bearings: " + file + ": is nested too deeply to parse");
                failed = true;
                continue;
            }
            if (json) {
                chunks.forEach(chunk -> all.add(ChunkJson.of(file.toString(), chunk)));
            } else {
                printHuman(out, file, chunks);
            }
        }
        if (json) {
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(all));
        }
        return failed ? CommandLines.ERROR : CommandLines.FOUND;
    }

    private static List<Chunk> chunkTitled(ChunkNote chunkNote, String text, Path file) {
        String fallback = file.getFileName().toString().replaceFirst("\\.(md|markdown)$", "");
        return chunkNote.chunkTitled(text, fallback).chunks();
    }

    private static String read(Path file) throws UnreadableFileException {
        if (Files.isDirectory(file)) {
            throw new UnreadableFileException("is a directory, not a Markdown file");
        }
        try {
            return NoteText.decode(Files.readAllBytes(file));
        } catch (NoSuchFileException e) {
            throw new UnreadableFileException("no such file");
        } catch (IOException e) {
            throw new UnreadableFileException("cannot be read (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
        } catch (NoteText.UnreadableNoteException e) {
            throw new UnreadableFileException(e.getMessage());
        }
    }

    private static void printHuman(PrintWriter out, Path file, List<Chunk> chunks) {
        out.println(file + "  (" + chunks.size() + (chunks.size() == 1 ? " chunk)" : " chunks)"));
        for (Chunk chunk : chunks) {
            String path = chunk.headingPath().isRoot() ? "(before the first heading)" : chunk.headingPath().toString();
            String tokens = chunk.tokens().isPresent() ? String.format(" %4d tokens", chunk.tokens().getAsInt()) : "";
            out.printf("  %3d  lines %-9s %4d words%s%s  %s%n", chunk.ordinal(), chunk.lines(), chunk.words(), tokens,
                    chunk.overlapWords() > 0 ? " (" + chunk.overlapWords() + " overlap)" : "", path);
        }
    }

    /** Why one file given on the command line was skipped. */
    private static final class UnreadableFileException extends Exception {
        private static final long serialVersionUID = 1L;

        UnreadableFileException(String reason) {
            super(reason);
        }
    }
}
