package dev.bearings.cli.command;

import dev.bearings.app.Advice;
import dev.bearings.app.ShellWords;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.util.List;

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
            cl.getErr().println("bearings: " + Advice.message(ex, indexFlags(cl, parseResult)));
            return ex instanceof IllegalArgumentException ? CommandLine.ExitCode.USAGE : CommandLine.ExitCode.SOFTWARE;
        });
        int code = commandLine.execute(args);
        out.flush();
        err.flush();
        return code;
    }

    /**
     * The flags given to the failed command that {@code bearings index} takes too, as they were typed,
     * for the {@code bearings index} its advice suggests: the index folder and how the index is made, so
     * that the suggestion acts on the same index in the same way. Not {@code --rebuild}, which the
     * advice adds where it belongs, nor {@code --json}, nor {@code --store}, whose settings may hold a
     * password (an index folder says which store made it).
     */
    private static String indexFlags(CommandLine failed, CommandLine.ParseResult parsed) {
        CommandLine index = failed;
        while (index.getParent() != null) {
            index = index.getParent();
        }
        index = index.getSubcommands().get("index");
        CommandLine.ParseResult command = parsed;
        while (command.hasSubcommand()) {
            command = command.subcommand();
        }
        if (index == null) {
            return "";
        }
        StringBuilder flags = new StringBuilder();
        for (CommandLine.Model.OptionSpec option : command.matchedOptions()) {
            String name = option.longestName();
            if (List.of("--rebuild", "--store", "--json").contains(name) || index.getCommandSpec().findOption(name) == null) {
                continue;
            }
            if (option.arity().max() == 0) {
                flags.append(' ').append(name);
            } else {
                for (String value : option.originalStringValues()) {
                    flags.append(' ').append(name).append(' ').append(ShellWords.quote(value));
                }
            }
        }
        return flags.toString();
    }
}
