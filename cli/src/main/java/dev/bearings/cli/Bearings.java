package dev.bearings.cli;

import dev.bearings.cli.command.ChunkCommand;
import dev.bearings.cli.command.CommandLines;
import dev.bearings.cli.command.EvalCommand;
import dev.bearings.cli.command.GetCommand;
import dev.bearings.cli.command.IndexCommand;
import dev.bearings.cli.command.McpCommand;
import dev.bearings.cli.command.NotesCommand;
import dev.bearings.cli.command.OpenCommand;
import dev.bearings.cli.command.PluginsCommand;
import dev.bearings.cli.command.SearchCommand;
import dev.bearings.cli.command.ServerCommand;
import dev.bearings.cli.command.ServedSearch;
import dev.bearings.cli.command.SimilarityCommand;
import dev.bearings.cli.command.SourcesCommand;
import dev.bearings.cli.command.StatusCommand;
import dev.bearings.cli.command.TagsCommand;
import dev.bearings.cli.command.Version;
import dev.bearings.cli.wiring.CommandFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.util.List;
import java.util.OptionalInt;

/** The {@code bearings} command. Results go to stdout; progress, logs and errors to stderr. */
@Command(name = "bearings", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Local semantic search for Markdown notes.",
        subcommands = {IndexCommand.class, SearchCommand.class, StatusCommand.class, ChunkCommand.class, SimilarityCommand.class, EvalCommand.class,
                McpCommand.class, ServerCommand.class, OpenCommand.class, SourcesCommand.class, GetCommand.class, NotesCommand.class,
                TagsCommand.class, PluginsCommand.class,
                CommandLine.HelpCommand.class, picocli.AutoComplete.GenerateCompletion.class})
public final class Bearings implements Runnable {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("search")) {
            // Before anything else is loaded: a running server may answer in a fraction of the time.
            OptionalInt served = ServedSearch.ask(List.of(args).subList(1, args.length), System.out, System.err);
            if (served.isPresent()) {
                System.exit(served.getAsInt());
            }
        }
        System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", System.getProperty("bearings.log", "warn"));
        System.setProperty("org.slf4j.simpleLogger.logFile", "System.err");
        // DJL looks for a GPU and says so when there is none: Bearings runs on the CPU by design.
        System.setProperty("org.slf4j.simpleLogger.log.ai.djl.util.cuda", "error");
        System.setProperty("org.slf4j.simpleLogger.log.ai.djl.onnxruntime.engine.OrtEngine", "error");
        // A rule of a .bearingsignore that JGit cannot read is said by the folder source, naming the file and line;
        // JGit's own log of it is a stack trace.
        System.setProperty("org.slf4j.simpleLogger.log.org.eclipse.jgit", "off");
        // The Solr store says in one sentence why a cluster cannot be reached; SolrJ's own warnings of each try (a
        // stack trace each) would come before it.
        System.setProperty("org.slf4j.simpleLogger.log.org.apache.solr.client.solrj", "error");
        int exit;
        try {
            exit = run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args);
        } catch (Error fatal) {
            // Out of memory, or a jar changed under this JVM (rebuilt in place: its classes not yet loaded are gone).
            // Thrown out of main it would leave a server's threads running, a process that answers nothing.
            try {
                fatal.printStackTrace();
            } catch (Throwable evenThat) {
                // Out of memory again: exit all the same.
            }
            exit = 2;
        }
        System.exit(exit);
    }

    /** Runs one command line and returns its exit code: 0 found, 1 nothing found, 2 an error or a bad command line. */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        return CommandLines.run(commandLine(), out, err, args);
    }

    /**
     * The {@code bearings} command line, its commands made by the wiring. Not public: the launcher
     * resolves the types of the main class's public methods, and a search answered by a server must
     * not load picocli (nor may this class's code need a picocli type checked when it is loaded).
     */
    static CommandLine commandLine() {
        return CommandFactory.commandLine(Bearings.class);
    }

    /** {@code bearings} alone: what it does and its commands, as for a bad command line (exit 2), on stderr. */
    @Override
    public void run() {
        // Thrown in CommandLines: a throw here would make the verifier load picocli's exceptions with this class.
        CommandLines.noCommandGiven(spec.commandLine());
    }
}
