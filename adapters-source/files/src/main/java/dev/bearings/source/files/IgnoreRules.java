package dev.bearings.source.files;

import dev.bearings.core.source.Failure;
import org.eclipse.jgit.ignore.FastIgnoreRule;
import org.eclipse.jgit.ignore.IgnoreNode;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * What a folder source leaves out, in gitignore's syntax (JGit reads it, as git does): the patterns of a
 * {@value #FILE} file at the top of the notes folder, then the patterns the user gave with the source
 * ({@code --exclude}), later ones winning as in git ({@code !keep.md} takes one back). Hidden files and
 * folders ({@code .git}, {@code .obsidian}, {@code .trash}) are left out before any of them. A folder left
 * out is never entered, nor watched.
 */
final class IgnoreRules {
    /** The file of patterns at the top of a notes folder. */
    static final String FILE = ".bearingsignore";
    /** The reason a note or folder left out by a rule is counted under. */
    static final String LEFT_OUT = "left out by an ignore rule";
    static final IgnoreRules NONE = new IgnoreRules(new IgnoreNode(), List.of());

    private final IgnoreNode node;
    private final List<String> problems;

    private IgnoreRules(IgnoreNode node, List<String> problems) {
        this.node = node;
        this.problems = List.copyOf(problems);
    }

    /**
     * The rules of the folder {@code root}: its {@value #FILE} (read as a file of its own, never through a link),
     * then {@code given}, one pattern each. A file that cannot be read, and a line or a pattern that is none, leave
     * nothing out, and are said ({@link #problems()}).
     */
    static IgnoreRules of(Path root, List<String> given) {
        List<FastIgnoreRule> rules = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        Path file = root.resolve(FILE);
        if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            try {
                List<String> lines = lines(file);
                for (int i = 0; i < lines.size(); i++) {
                    rule(lines.get(i), FILE + " line " + (i + 1), rules, problems);
                }
            } catch (IOException unreadable) {
                problems.add(FILE + " cannot be read (" + Failure.of(unreadable) + ")");
            }
        }
        for (String pattern : given) {
            // As the file's lines are: spaces before a pattern are part of it, as in git, and JGit drops those
            // after it but for one kept with a backslash (drafts\ ).
            rule(pattern, "exclude", rules, problems);
        }
        return new IgnoreRules(new IgnoreNode(rules), problems);
    }

    private static List<String> lines(Path file) throws IOException {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                Files.newInputStream(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS), StandardCharsets.UTF_8))) {
            List<String> lines = new ArrayList<>(in.lines().toList());
            // A byte order mark, as some Windows editors write one, is not part of the first pattern (git skips it too).
            if (!lines.isEmpty() && lines.get(0).startsWith("\uFEFF")) {
                lines.set(0, lines.get(0).substring(1));
            }
            return lines;
        }
    }

    /**
     * Adds the rule of {@code line}, if it is one; a line git reads as none (blank, a comment, a lone "/" or "!")
     * is skipped, and a pattern JGit cannot read is said as a problem of {@code where}.
     */
    private static void rule(String line, String where, List<FastIgnoreRule> rules, List<String> problems) {
        if (line.isBlank() || line.startsWith("#") || line.equals("/") || line.equals("!")) {
            return;
        }
        FastIgnoreRule rule = new FastIgnoreRule(line);
        // JGit refuses a pattern only for a bracket expression it cannot read ('[' without its ']', [[.a.]]): it
        // then matches nothing, as it does a pattern ending in a backslash that escapes nothing (a setting's value
        // loses the space after it: exclude=drafts\ arrives as drafts\). Other rules that match nothing ("//",
        // "!/") it drops without a word, as git does.
        if (rule.isEmpty() && (line.contains("[") || line.endsWith("\\"))) {
            problems.add(where + ": '" + line + "' is not a pattern in gitignore's syntax, so it leaves nothing out");
        } else if (!rule.isEmpty()) {
            rules.add(rule);
        }
    }

    /** What the rules could not take, a sentence each: a file that cannot be read, a pattern that is none. */
    List<String> problems() {
        return problems;
    }

    /** Whether the file or folder at {@code id} (names joined by {@code /}, from the top of the folder) is left out. */
    boolean leavesOut(String id, boolean folder) {
        return Boolean.TRUE.equals(node.checkIgnored(id, folder));
    }

    /** Whether a note at {@code id} is left out, by a rule for it or for a folder above it. */
    boolean leavesOutNote(String id) {
        return leavesOutBeneath(id, false);
    }

    /** Whether the file or folder at {@code id} is left out, by a rule for it or for a folder above it. */
    boolean leavesOutBeneath(String id, boolean folder) {
        String[] names = id.split("/");
        StringBuilder path = new StringBuilder();
        for (int i = 0; i < names.length - 1; i++) {
            path.append(i == 0 ? "" : "/").append(names[i]);
            if (leavesOut(path.toString(), true)) {
                return true;
            }
        }
        return leavesOut(id, folder);
    }

    /** Splits patterns kept as one setting, one a line. */
    static List<String> patterns(String setting) {
        return setting == null || setting.isBlank() ? List.of() : List.of(setting.split("\\R"));
    }
}
