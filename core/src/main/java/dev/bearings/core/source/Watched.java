package dev.bearings.core.source;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * Where a watcher sees a source's notes change: folders it watches with everything below them, but for
 * the subfolders the source passes over (hidden ones, ones left out by the user), and files it polls for
 * their size and time (a database its writer rewrites in place, with its journal). What the source reads
 * and what is watched are one rule: the source says both.
 *
 * @param trees   folders watched with their subfolders
 * @param skipped subfolders of a tree not watched, as the source never reads notes in them
 * @param polled  files polled, each with its companions (a journal), missing ones included
 */
public record Watched(List<Path> trees, Predicate<Path> skipped, List<Path> polled) {
    public static final Watched NOTHING = new Watched(List.of(), folder -> false, List.of());

    public Watched {
        trees = List.copyOf(trees);
        Objects.requireNonNull(skipped, "skipped");
        polled = List.copyOf(polled);
    }

    /** Folders watched whole, but for the subfolders {@code skipped} names. */
    public static Watched folders(List<Path> trees, Predicate<Path> skipped) {
        return new Watched(trees, skipped, List.of());
    }

    /** Files polled. */
    public static Watched files(List<Path> polled) {
        return new Watched(List.of(), folder -> false, polled);
    }

    /** Whether anything at all is watched: a source that names nothing is polled by its sync instead. */
    public boolean isEmpty() {
        return trees.isEmpty() && polled.isEmpty();
    }
}
