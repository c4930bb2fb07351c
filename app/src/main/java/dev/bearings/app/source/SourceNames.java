package dev.bearings.app.source;

import java.nio.file.Path;
import java.util.Collection;
import java.util.List;

/**
 * A source as a person names it on the command line: whole as {@code bearings status} names it
 * ({@code folder:/home/me/notes}), by its provider alone when the index has one source of it
 * ({@code folder}, {@code bear}), or by the folder's path ({@code ~/notes}, relative or not).
 */
public final class SourceNames {
    private SourceNames() {
    }

    /**
     * The one source of {@code sources} that {@code asked} names.
     *
     * @throws IllegalArgumentException naming the sources there are, when it names none or several
     */
    public static String resolve(String asked, Collection<String> sources) {
        return resolve(asked, sources, java.util.Map.of(), "--source");
    }

    /**
     * The same, a source's short name ({@code bearings sources} lists them) naming it too, and the messages naming the
     * argument {@code what} (a flag, or a tool's argument).
     *
     * @param named the configured sources' names and the sources they name
     */
    public static String resolve(String asked, Collection<String> sources, java.util.Map<String, String> named, String what) {
        if (sources.contains(asked)) {
            return asked;
        }
        if (named.containsKey(asked)) {
            return named.get(asked);
        }
        List<String> byProvider = sources.stream().filter(source -> source.startsWith(asked + ":") || source.equals(asked)).toList();
        if (byProvider.size() == 1) {
            return byProvider.get(0);
        }
        String path = Path.of(asked).toAbsolutePath().normalize().toString();
        List<String> byPath = sources.stream().filter(source -> source.endsWith(":" + path)).toList();
        if (byPath.size() == 1) {
            return byPath.get(0);
        }
        String known = sources.isEmpty() ? "none" : String.join(", ", sources.stream().sorted().toList());
        throw new IllegalArgumentException(byProvider.size() > 1
                ? what + " " + asked + " names several sources; give one of " + known
                : what + " " + asked + ": the index has no such source; it has " + known);
    }
}
