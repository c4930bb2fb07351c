package dev.bearings.cli.command;

import dev.bearings.app.words.Advice;
import dev.bearings.app.words.ShellWords;
import dev.bearings.cli.option.ChunkingOptions;
import dev.bearings.cli.option.EmbedderOptions;
import dev.bearings.cli.option.StoreOptions;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.lang.reflect.Field;
import java.util.List;
import java.util.Set;

/**
 * How {@code bearings} runs a command line, from the terminal or for a served search: one form for every
 * error, and one meaning for every exit code, as grep and ripgrep have them: 0 found (or done), 1 nothing
 * found, 2 an error or a bad command line.
 */
public final class CommandLines {
    /** The classes whose flags make an index's recipe. */
    private static final Set<Class<?>> RECIPE_FLAGS = Set.of(ChunkingOptions.class, EmbedderOptions.class);

    /** Something was found, or done. */
    public static final int FOUND = 0;
    /** Nothing was found: a search, a listing or a sync with nothing in it. */
    public static final int NOTHING = 1;
    /** An error: a bad command line, or a failure (an index missing or damaged, a source that cannot be read). */
    public static final int ERROR = 2;

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
            wrong.getErr().println("bearings: " + said(ex) + " (" + wrong.getCommandSpec().qualifiedName(" ") + " --help lists the "
                    + (wrong.getSubcommands().isEmpty() ? "options" : "commands and options") + ")");
            return ERROR;
        });
        commandLine.setExecutionExceptionHandler((ex, cl, parseResult) -> {
            cl.getErr().println("bearings: " + Advice.message(ex, indexFlags(parseResult)));
            return ERROR;
        });
        int code = commandLine.execute(args);
        out.flush();
        err.flush();
        return code;
    }

    /** A command line picocli could not take, in our words: an unknown command or option with the likely one. */
    /** {@code bearings} alone: what it does and its commands, as for a bad command line. */
    public static void noCommandGiven(CommandLine bearings) {
        bearings.usage(bearings.getErr());
        throw new CommandLine.ParameterException(bearings, "no command given");
    }

    private static String said(CommandLine.ParameterException ex) {
        if (ex instanceof CommandLine.UnmatchedArgumentException unmatched && !unmatched.getUnmatched().isEmpty()) {
            String given = unmatched.getUnmatched().get(0);
            List<String> likely = unmatched.getSuggestions();
            boolean option = given.startsWith("-");
            String what = option ? "no option " + given : "no command " + given + (unmatched.getCommandLine().getSubcommands().isEmpty()
                    ? " here (or too many arguments)" : "");
            return likely.isEmpty() ? what : what + "; did you mean " + (option ? "" : unmatched.getCommandLine().getCommandName() + " ")
                    + likely.get(0) + "?";
        }
        String message = ex.getMessage();
        return message.isEmpty() ? message : Character.toLowerCase(message.charAt(0)) + message.substring(1);
    }

    /**
     * The flags given to the failed command that say which index and how it is made, as they were typed,
     * for the {@code bearings index} its advice suggests, so that pasted it acts on the same index in the
     * same way: {@code --index} and the recipe's flags (chunking, parser, model). Not a search's filters,
     * {@code --watch} or {@code --json}, which would change what the suggestion does, nor {@code --store},
     * whose settings may hold a password (an index folder says which store made it).
     */
    private static String indexFlags(CommandLine.ParseResult parsed) {
        CommandLine.ParseResult command = parsed;
        while (command.hasSubcommand()) {
            command = command.subcommand();
        }
        StringBuilder flags = new StringBuilder();
        for (CommandLine.Model.OptionSpec option : command.matchedOptions()) {
            boolean recipe = option.userObject() instanceof Field field
                    && RECIPE_FLAGS.contains(field.getDeclaringClass());
            if (!recipe && !option.longestName().equals(StoreOptions.INDEX_FLAG)) {
                continue;
            }
            if (option.arity().max() == 0) {
                flags.append(' ').append(option.longestName());
            } else {
                for (String value : option.originalStringValues()) {
                    flags.append(' ').append(option.longestName()).append(' ').append(ShellWords.quote(value));
                }
            }
        }
        return flags.toString();
    }
}
