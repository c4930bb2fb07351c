package dev.bearings.source.files;

import org.eclipse.jgit.ignore.FastIgnoreRule;
import org.eclipse.jgit.ignore.IgnoreNode;

import java.io.IOException;
import java.io.InputStream;
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
    static final IgnoreRules NONE = new IgnoreRules(new IgnoreNode());

    private final IgnoreNode node;

    private IgnoreRules(IgnoreNode node) {
        this.node = node;
    }

    /**
     * The rules of the folder {@code root}: its {@value #FILE} (read as a file of its own, never through a link),
     * then {@code given}, one pattern each.
     */
    static IgnoreRules of(Path root, List<String> given) throws IOException {
        List<FastIgnoreRule> rules = new ArrayList<>();
        Path file = root.resolve(FILE);
        if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            IgnoreNode fromFile = new IgnoreNode();
            try (InputStream in = Files.newInputStream(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
                fromFile.parse(file.toString(), in);
            }
            rules.addAll(fromFile.getRules());
        }
        rules.addAll(of(given).node.getRules());
        return new IgnoreRules(new IgnoreNode(rules));
    }

    /** The rules given alone, without the folder's file. */
    static IgnoreRules of(List<String> given) {
        List<FastIgnoreRule> rules = new ArrayList<>();
        for (String pattern : given) {
            String line = pattern.strip();
            if (!line.isEmpty() && !line.startsWith("#")) {
                rules.add(new FastIgnoreRule(line));
            }
        }
        return new IgnoreRules(new IgnoreNode(rules));
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
