package dev.bearings.app.words;

import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.index.IndexMismatchException;
import dev.bearings.core.source.NoteSource;
import dev.bearings.core.source.SourceException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a failure into words for an agent: our own messages, with every file-system path outside the
 * configured sources replaced, and never a stack trace or an internal class name. An unexpected
 * failure says only that it happened; its details go to the server's log.
 */
public final class PlainErrors {
    /**
     * Unix paths, {@code file:} URIs and Windows paths, up to a space, quote, bracket, comma or colon, and
     * never ending in a full stop; a
     * slash inside a word ({@code work/projects}) starts no path.
     */
    private static final Pattern PATH = Pattern.compile("(?<![\\w.])(?:file:)?/{1,3}(?:[^\\s'\"`<>()\\[\\],;:]*[^\\s'\"`<>()\\[\\],;:.])?"
            + "|[A-Za-z]:\\\\[^\\s'\"`<>()\\[\\],;]*");
    public static final String HIDDEN = "<path>";

    private final List<Path> allowed;

    /** @param allowed roots that may be named: the configured sources */
    public PlainErrors(List<Path> allowed) {
        this.allowed = allowed.stream().map(p -> p.toAbsolutePath().normalize()).toList();
    }

    public String message(Throwable failure) {
        if (expected(failure) && failure.getMessage() != null) {
            return scrub(Advice.message(failure));
        }
        return "internal error; the Bearings server's log (stderr) has the details";
    }

    public static boolean expected(Throwable failure) {
        return failure instanceof IllegalArgumentException || failure instanceof IllegalStateException
                || failure instanceof IOException || failure instanceof UncheckedIOException
                || failure instanceof SourceException || failure instanceof NoteSource.UnreadableNote
                || failure instanceof ChunkIndexStore.IndexUnreadableException || failure instanceof IndexMismatchException;
    }

    /** The text with each path that is not under an allowed root replaced. */
    public String scrub(String text) {
        Matcher m = PATH.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, Matcher.quoteReplacement(isAllowed(m.group()) ? m.group() : HIDDEN));
        }
        m.appendTail(out);
        return out.toString();
    }

    private boolean isAllowed(String found) {
        String path = found.startsWith("file:") ? found.substring("file:".length()) : found;
        path = path.replaceFirst("^/+", "/").replaceAll("[.:]+$", "");
        Path candidate;
        try {
            candidate = Path.of(path).toAbsolutePath().normalize();
        } catch (RuntimeException notAPath) {
            return false;
        }
        return allowed.stream().anyMatch(candidate::startsWith);
    }
}
