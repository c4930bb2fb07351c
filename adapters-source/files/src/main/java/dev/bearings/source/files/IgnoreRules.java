package dev.bearings.source.files;

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
import java.util.Optional;

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
    private final List<String> unreadable;

    private IgnoreRules(IgnoreNode node, List<String> unreadable) {
        this.node = node;
        this.unreadable = List.copyOf(unreadable);
    }

    /**
     * The rules of the folder {@code root}: its {@value #FILE} (read as a file of its own, never through a link),
     * then {@code given}, one pattern each. A line of the file that is no pattern leaves nothing out, and is said
     * ({@link #unreadable()}).
     */
    static IgnoreRules of(Path root, List<String> given) throws IOException {
        List<FastIgnoreRule> rules = new ArrayList<>();
        List<String> unreadable = new ArrayList<>();
        Path file = root.resolve(FILE);
        if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            List<String> lines;
            try (BufferedReader in = new BufferedReader(new InputStreamReader(
                    Files.newInputStream(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS), StandardCharsets.UTF_8))) {
                lines = in.lines().toList();
            }
            for (int i = 0; i < lines.size(); i++) {
                Optional<FastIgnoreRule> rule = rule(lines.get(i));
                if (rule.isPresent() && rule.get().isEmpty()) {
                    unreadable.add(FILE + " line " + (i + 1) + ": " + notAPattern(lines.get(i)) + ", so it leaves nothing out");
                } else {
                    rule.ifPresent(rules::add);
                }
            }
        }
        rules.addAll(of(given).node.getRules());
        return new IgnoreRules(new IgnoreNode(rules), unreadable);
    }

    /**
     * The rules given alone, without the folder's file.
     *
     * @throws IllegalArgumentException naming a pattern that is none
     */
    static IgnoreRules of(List<String> given) {
        List<FastIgnoreRule> rules = new ArrayList<>();
        for (String pattern : given) {
            Optional<FastIgnoreRule> rule = rule(pattern.strip());
            if (rule.isPresent() && rule.get().isEmpty()) {
                throw new IllegalArgumentException("exclude: " + notAPattern(pattern.strip()));
            }
            rule.ifPresent(rules::add);
        }
        return new IgnoreRules(new IgnoreNode(rules), List.of());
    }

    /** A line's rule, none for what git reads as no rule: a blank line, a comment, a lone "/" or "!". */
    private static Optional<FastIgnoreRule> rule(String line) {
        if (line.isBlank() || line.startsWith("#") || line.equals("/") || line.equals("!")) {
            return Optional.empty();
        }
        // Any other rule that never matches is one JGit could not read (a '[' without its ']', a '\' at the end).
        return Optional.of(new FastIgnoreRule(line));
    }

    private static String notAPattern(String line) {
        return "'" + line + "' is not a pattern in gitignore's syntax";
    }

    /** What the folder's file holds that is no pattern: a sentence for each line. */
    List<String> unreadable() {
        return unreadable;
    }

    /** Whether the file or folder at {@code id} (names joined by {@code /}, from the top of the folder) is left out. */
    boolean leavesOut(String id, boolean folder) {
        return Boolean.TRUE.equals(node.checkIgnored(id, folder));
    }

    /** Whether a note at {@code id} is left out, by a rule for it or for a folder above it. */
    boolean leavesOutNote(String id) {
        String[] names = id.split("/");
        StringBuilder path = new StringBuilder();
        for (int i = 0; i < names.length - 1; i++) {
            path.append(i == 0 ? "" : "/").append(names[i]);
            if (leavesOut(path.toString(), true)) {
                return true;
            }
        }
        return leavesOut(id, false);
    }

    /** Splits patterns kept as one setting, one a line. */
    static List<String> patterns(String setting) {
        return setting == null || setting.isBlank() ? List.of() : List.of(setting.split("\\R"));
    }
}
