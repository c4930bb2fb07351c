package dev.bearings.app.source;

import dev.bearings.core.note.IndexedNote;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A note as a person names it: by its id ({@code vpn-setup.md}, what search results call {@code noteId}), by
 * the path of its file in a folder source ({@code ~/notes/vpn-setup.md}, relative or not), or by its title
 * ({@code "Home VPN with WireGuard"}, any case); and, after a colon, a line to start at
 * ({@code vpn-setup.md:50}).
 */
public final class NoteLookup {
    private static final Pattern LINE = Pattern.compile("(.+):(\\d+)");

    /**
     * A note found, and the line asked for.
     *
     * @param line the line to start at, when the name ended in {@code :LINE}
     */
    public record Found(IndexedNote note, Optional<Integer> line) {
    }

    private NoteLookup() {
    }

    /**
     * The one note of {@code notes} that {@code asked} names.
     *
     * @param folders   the folder of each folder source, by source id, for names that are paths
     * @param directory where a relative path is taken from
     * @throws IllegalArgumentException naming what was asked and what there is, when it names none or several
     */
    public static Found find(String asked, List<IndexedNote> notes, Map<String, Path> folders, Path directory) {
        List<IndexedNote> matches = matches(asked, notes, folders, directory);
        Optional<Integer> line = Optional.empty();
        Matcher withLine = LINE.matcher(asked);
        if (matches.isEmpty() && withLine.matches()) {
            matches = matches(withLine.group(1), notes, folders, directory);
            line = Optional.of(Integer.parseInt(withLine.group(2)));
        }
        if (matches.isEmpty()) {
            throw new IllegalArgumentException("no note named '" + clip(asked) + "' in the index (by id, file or title); "
                    + "bearings notes lists them");
        }
        if (matches.size() > 1) {
            List<String> which = new ArrayList<>();
            matches.forEach(note -> which.add(note.source() + " " + note.id()));
            throw new IllegalArgumentException("'" + clip(asked) + "' names " + matches.size() + " notes: " + String.join(", ", which)
                    + "; give its id, and --source when two sources have it");
        }
        return new Found(matches.get(0), line);
    }

    private static List<IndexedNote> matches(String asked, List<IndexedNote> notes, Map<String, Path> folders, Path directory) {
        List<IndexedNote> byId = notes.stream().filter(note -> note.id().equals(asked)).toList();
        if (!byId.isEmpty()) {
            return byId;
        }
        Optional<Path> file = path(asked, directory);
        if (file.isPresent()) {
            List<IndexedNote> byPath = notes.stream().filter(note -> folders.containsKey(note.source())
                    && file.get().equals(folders.get(note.source()).resolve(note.id()).normalize())).toList();
            if (!byPath.isEmpty()) {
                return byPath;
            }
        }
        String title = asked.strip().toLowerCase(Locale.ROOT);
        return notes.stream().filter(note -> note.title().strip().toLowerCase(Locale.ROOT).equals(title)).toList();
    }

    private static Optional<Path> path(String asked, Path directory) {
        try {
            String expanded = asked.startsWith("~/") ? System.getProperty("user.home") + asked.substring(1) : asked;
            Path path = directory.resolve(expanded).toAbsolutePath().normalize();
            try {
                return Optional.of(path.toRealPath());
            } catch (java.io.IOException notThere) {
                return Optional.of(path);
            }
        } catch (InvalidPathException notAPath) {
            return Optional.empty();
        }
    }

    private static String clip(String text) {
        return text.length() <= 120 ? text : text.substring(0, 120) + "...";
    }
}
