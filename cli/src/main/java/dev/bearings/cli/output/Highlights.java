package dev.bearings.cli.output;

import java.util.regex.Pattern;

/**
 * How a search's text output shows what matched, as ripgrep and git do: in colour on a terminal, as
 * plain text when piped or when the user said so ({@code NO_COLOR}, {@code --color=never}).
 */
public final class Highlights {
    public static final String AUTO = "auto";
    private static final Pattern MARKED = Pattern.compile("\\*\\*(.+?)\\*\\*");
    private static final String MATCH = "\u001b[1;31m";
    private static final String TITLE = "\u001b[1m";
    private static final String RESET = "\u001b[0m";

    private final boolean colour;

    private Highlights(boolean colour) {
        this.colour = colour;
    }

    /**
     * {@code always}, {@code never}, or {@code auto}: colour when standard output is a terminal, unless
     * {@code NO_COLOR} is set or the terminal is dumb.
     */
    public static Highlights of(String when) {
        return switch (when) {
            case "always" -> new Highlights(true);
            case "never" -> new Highlights(false);
            case AUTO -> new Highlights(terminal());
            default -> throw new IllegalArgumentException("--color must be auto, always or never, not '" + when + "'");
        };
    }

    /** What {@code auto} means here: for a client that asks a server to print for it. */
    public static String resolved(String when) {
        return when.equals(AUTO) ? (terminal() ? "always" : "never") : when;
    }

    private static boolean terminal() {
        String noColor = System.getenv("NO_COLOR");
        return System.console() != null && (noColor == null || noColor.isEmpty()) && !"dumb".equals(System.getenv("TERM"));
    }

    /** A snippet with its matches, marked {@code **like this**} by the search, shown as matches. */
    public String snippet(String marked) {
        return MARKED.matcher(marked).replaceAll(match -> colour ? MATCH + quote(match.group(1)) + RESET : quote(match.group(1)));
    }

    public String title(String title) {
        return colour ? TITLE + title + RESET : title;
    }

    private static String quote(String text) {
        return text.replace("\\", "\\\\").replace("$", "\\$");
    }
}
