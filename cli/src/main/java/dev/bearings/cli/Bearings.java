package dev.bearings.cli;

import dev.bearings.app.Advice;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.PrintWriter;
import java.util.List;
import java.util.OptionalInt;

/** The {@code bearings} command. Results go to stdout; progress, logs and errors to stderr. */
@Command(name = "bearings", mixinStandardHelpOptions = true, versionProvider = Version.class,
        description = "Local semantic search for Markdown notes.",
        subcommands = {IndexCommand.class, SearchCommand.class, StatusCommand.class, ChunkCommand.class, SimilarityCommand.class, EvalCommand.class,
                McpCommand.class, NotesCommand.class, TagsCommand.class, PluginsCommand.class,
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
        System.exit(run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args));
    }

    /** Runs one command line and returns its exit code: 0 ok, 1 failure, 2 bad usage. */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        BearingsComponent component = DaggerBearingsComponent.create();
        return run(new CommandLine(Bearings.class, component.commandFactory()), out, err, args);
    }

    /** Runs a command line of {@code commandLine}'s command as {@code bearings} does, its errors said alike. */
    static int run(CommandLine commandLine, PrintWriter out, PrintWriter err, String... args) {
        commandLine.setOut(out);
        commandLine.setErr(err);
        // Help as wide as the terminal (picocli stays at 80 columns otherwise).
        commandLine.setUsageHelpAutoWidth(true);
        // One line, in the same form as every other error; the options only when asked for (--help).
        commandLine.setParameterExceptionHandler((ex, arguments) -> {
            CommandLine wrong = ex.getCommandLine();
            String message = ex.getMessage().isEmpty() ? ex.getMessage()
                    : Character.toLowerCase(ex.getMessage().charAt(0)) + ex.getMessage().substring(1);
            wrong.getErr().println("bearings: " + message + " (" + wrong.getCommandSpec().qualifiedName(" ") + " --help lists the options)");
            return CommandLine.ExitCode.USAGE;
        });
        commandLine.setExecutionExceptionHandler((ex, cl, parseResult) -> {
            cl.getErr().println("bearings: " + Advice.message(ex));
            return ex instanceof IllegalArgumentException ? CommandLine.ExitCode.USAGE : CommandLine.ExitCode.SOFTWARE;
        });
        int code = commandLine.execute(args);
        out.flush();
        err.flush();
        return code;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
