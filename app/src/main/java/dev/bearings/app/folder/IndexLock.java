package dev.bearings.app.folder;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
import dev.bearings.core.index.ChunkIndexStore;

/**
 * One writer per index: a second {@code bearings index} on the same folder refuses at once, naming
 * the folder, rather than interleave with the first. The operating system drops the lock when the
 * process dies, so a killed run never leaves a stale lock. Taking it is the first write to the
 * folder, so a folder that cannot be written is found here, before anything else is done.
 */
public final class IndexLock implements AutoCloseable {
    /** The file, in the index folder, whose lock a writer holds. */
    public static final String FILE = "index.lock";

    private final FileChannel channel;
    private final FileLock lock;
    private final List<Path> narrowed;

    /** Another process holds the lock: it is writing this index now. */
    public static final class HeldElsewhere extends IOException {
        private static final long serialVersionUID = 1L;

        public HeldElsewhere(Path indexFolder) {
            super("another bearings index is already running on " + indexFolder + "; wait for it to finish");
        }
    }

    private IndexLock(FileChannel channel, FileLock lock, List<Path> narrowed) {
        this.channel = channel;
        this.lock = lock;
        this.narrowed = narrowed;
    }

    /**
     * Takes the lock of the index of {@code store} in {@code indexFolder}, the folder made private first
     * ({@link IndexFolder#prepare}).
     */
    public static IndexLock acquire(Path indexFolder, ChunkIndexStore store) throws IOException {
        FileChannel channel;
        List<Path> narrowed;
        try {
            narrowed = IndexFolder.prepare(indexFolder, store);
            channel = FileChannel.open(indexFolder.resolve(FILE), Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE),
                    OwnerOnly.posix(indexFolder) ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(OwnerOnly.FILE)}
                            : new FileAttribute<?>[0]);
        } catch (FileSystemException e) {
            // Java names only the file; say what it means and why, with the system's own words.
            String reason = e.getReason() != null ? e.getReason() : e instanceof AccessDeniedException ? "Permission denied" : e.toString();
            throw new IOException("cannot write to the index folder " + indexFolder + " (" + reason
                    + "); choose a writable folder with --index", e);
        }
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException sameProcess) {
            lock = null;
        }
        if (lock == null) {
            channel.close();
            throw new HeldElsewhere(indexFolder);
        }
        return new IndexLock(channel, lock, narrowed);
    }

    /** What taking the lock narrowed: the files of an index an older version left readable by others. */
    public List<Path> narrowed() {
        return narrowed;
    }

    @Override
    public void close() throws IOException {
        lock.release();
        channel.close();
    }
}
