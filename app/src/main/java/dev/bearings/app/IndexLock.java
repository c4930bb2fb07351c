package dev.bearings.app;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

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

    /** Another process holds the lock: it is writing this index now. */
    public static final class HeldElsewhere extends IOException {
        private static final long serialVersionUID = 1L;

        public HeldElsewhere(Path indexFolder) {
            super("another bearings index is already running on " + indexFolder + "; wait for it to finish");
        }
    }

    private IndexLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    public static IndexLock acquire(Path indexFolder) throws IOException {
        FileChannel channel;
        try {
            OwnerOnly.folder(indexFolder);
            channel = FileChannel.open(indexFolder.resolve(FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
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
        return new IndexLock(channel, lock);
    }

    @Override
    public void close() throws IOException {
        lock.release();
        channel.close();
    }
}
