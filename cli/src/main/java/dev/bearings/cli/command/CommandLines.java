package dev.bearings.cli.command;

import dev.bearings.app.Advice;
import picocli.CommandLine;

import java.io.PrintWriter;

/** How {@code bearings} runs a command line, from the terminal or for a served search: one form for every error. */
public final class CommandLines {

    private CommandLines() {
    }

    /** Runs a command line of {@code commandLine}'s command as {@code bearings} does, its errors said alike. */
    public static int run(CommandLine commandLine, PrintWriter out, PrintWriter err, String... args) {
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
}
