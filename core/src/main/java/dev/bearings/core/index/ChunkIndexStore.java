package dev.bearings.core.index;

import java.nio.file.Path;

/** Opens indexes of one kind (SQLite, Lucene) in a folder. */
public interface ChunkIndexStore {

    /** The layout version this store writes, recorded in every manifest. */
    int formatVersion();

    /**
     * Opens an existing index with whatever manifest it has, for reading it (status, search), also
     * while a sync writes to it.
     *
     * @throws IndexUnreadableException when there is no index in the folder, or it cannot be read
     */
    ChunkIndexReader openExisting(Path folder) throws IndexUnreadableException;

    /**
     * Opens the index in {@code folder}, creating it when absent.
     *
     * @param rebuild start from empty, whatever the folder held
     * @throws IndexMismatchException when the folder holds an index built with another manifest
     * @throws IndexUnreadableException when the folder holds something that is not a readable index
     */
    ChunkIndex open(Path folder, IndexManifest manifest, boolean rebuild)
            throws IndexMismatchException, IndexUnreadableException;

    /** An index file that is corrupt, truncated, locked or not an index at all. */
    final class IndexUnreadableException extends Exception {
        private static final long serialVersionUID = 1L;

        public IndexUnreadableException(Path location, String reason, Throwable cause) {
            super("cannot open the index at " + location + ": " + reason
                    + ". If it is damaged, rebuild it with: bearings index --rebuild", cause);
        }
    }
}
