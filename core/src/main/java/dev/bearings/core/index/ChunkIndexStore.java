package dev.bearings.core.index;

import java.nio.file.Path;
import java.util.Objects;

/** Opens indexes of one kind (SQLite, Lucene) in a folder. */
public interface ChunkIndexStore {

    /** The layout version this store writes; it stamps every manifest it writes with it. */
    int formatVersion();

    /** The manifest an index of {@code recipe} in this store has. */
    default IndexManifest manifest(IndexRecipe recipe) {
        return new IndexManifest(formatVersion(), recipe);
    }

    /**
     * Opens an existing index with whatever manifest it has, for reading it (status, search), also
     * while a sync writes to it.
     *
     * @throws IndexUnreadableException when there is no index in the folder, or it cannot be read
     */
    ChunkIndexReader openExisting(Path folder) throws IndexUnreadableException;

    /**
     * Opens the index in {@code folder} for writing, creating it with {@code recipe} when absent.
     *
     * @param rebuild start from empty, whatever the folder held; what readers see changes at
     *                {@link ChunkIndex#publish()} where the store can build beside the old index
     * @throws IndexMismatchException when the folder holds an index of another format or recipe
     * @throws IndexUnreadableException when the folder holds something that is not a readable index
     */
    ChunkIndex open(Path folder, IndexRecipe recipe, boolean rebuild) throws IndexMismatchException, IndexUnreadableException;

    /**
     * Whether {@code file}, in an index folder of this store, is one that opening or reading the index
     * makes or touches (a database's shared-memory file, say), so that a change to it says nothing of a
     * write: a long-running server compares the other files to know when to open its reader again.
     * None, unless the store says otherwise.
     */
    default boolean leftByReaders(Path file) {
        return false;
    }

    /**
     * Whether {@code file}, a file or folder directly in an index folder of this store, is one this store
     * writes there: the index's own, to keep private and to tell an index folder from a folder of the user's
     * other files. None, unless the store says otherwise (a store whose index lives elsewhere writes nothing).
     */
    default boolean writes(Path file) {
        return false;
    }

    /** {@link #leftByReaders}, as a function. */
    @FunctionalInterface
    interface ReaderTraces {
        boolean leftByReaders(Path file);
    }

    /** {@link #openExisting}, as a function. */
    @FunctionalInterface
    interface ReaderOpener {
        ChunkIndexReader open(Path folder) throws IndexUnreadableException;
    }

    /** {@link #open}, as a function. */
    @FunctionalInterface
    interface WriterOpener {
        ChunkIndex open(Path folder, IndexRecipe recipe, boolean rebuild) throws IndexMismatchException, IndexUnreadableException;
    }

    /** A store of this format that opens indexes with these two functions: most stores are no more than that. */
    static ChunkIndexStore of(int formatVersion, ReaderOpener reader, WriterOpener writer) {
        return of(formatVersion, reader, writer, file -> false);
    }

    /** The same, for a store whose readers leave files of their own in the folder. */
    static ChunkIndexStore of(int formatVersion, ReaderOpener reader, WriterOpener writer, ReaderTraces traces) {
        return of(formatVersion, reader, writer, traces, file -> false);
    }

    /** {@link #writes}, as a function. */
    @FunctionalInterface
    interface Writes {
        boolean writes(Path file);
    }

    /** The same, for a store that says which files of the folder it writes. */
    static ChunkIndexStore of(int formatVersion, ReaderOpener reader, WriterOpener writer, ReaderTraces traces, Writes writes) {
        return new ChunkIndexStore() {
            @Override
            public int formatVersion() {
                return formatVersion;
            }

            @Override
            public ChunkIndexReader openExisting(Path folder) throws IndexUnreadableException {
                return reader.open(folder);
            }

            @Override
            public ChunkIndex open(Path folder, IndexRecipe recipe, boolean rebuild)
                    throws IndexMismatchException, IndexUnreadableException {
                return writer.open(folder, recipe, rebuild);
            }

            @Override
            public boolean leftByReaders(Path file) {
                return traces.leftByReaders(file);
            }

            @Override
            public boolean writes(Path file) {
                return writes.writes(file);
            }
        };
    }

    /** An index that is absent, corrupt, truncated, locked or not an index at all; {@link #problem()} says which. */
    final class IndexUnreadableException extends Exception {
        private static final long serialVersionUID = 1L;

        /** What is wrong, so that the application can say what to do about it. */
        public enum Problem {
            /** Nothing has been indexed in the folder yet. */
            ABSENT,
            /** The files are damaged or are not an index of this store. */
            DAMAGED,
            /** Another process holds the index. */
            BUSY,
            /** The folder or its files cannot be written. */
            UNWRITABLE,
            /** The server that holds the index does not answer. */
            UNREACHABLE,
            /** The server that holds the index refused the credentials given, or asked for some. */
            DENIED
        }

        private final Problem problem;

        public IndexUnreadableException(Path location, Problem problem, String reason, Throwable cause) {
            super("cannot open the index at " + location + ": " + reason, cause);
            this.problem = Objects.requireNonNull(problem, "problem");
        }

        public Problem problem() {
            return problem;
        }
    }
}
