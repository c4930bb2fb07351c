package dev.bearings.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.PrintWriter;

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
        CommandLine commandLine = new CommandLine(Bearings.class, component.commandFactory());
        commandLine.setOut(out);
        commandLine.setErr(err);
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
