package dev.bearings.cli;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One writer per index: a second {@code bearings index} on the same folder refuses at once, naming
 * the folder, rather than interleave with the first. The operating system drops the lock when the
 * process dies, so a killed run never leaves a stale lock.
 */
final class IndexLock implements AutoCloseable {
    private final FileChannel channel;
    private final FileLock lock;

    private IndexLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    static IndexLock acquire(Path indexFolder) throws IOException {
        Files.createDirectories(indexFolder);
        FileChannel channel = FileChannel.open(indexFolder.resolve("index.lock"),
                StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException sameProcess) {
            lock = null;
        }
        if (lock == null) {
            channel.close();
            throw new IOException("another bearings index is already running on " + indexFolder
                    + "; wait for it to finish");
        }
        return new IndexLock(channel, lock);
    }

    @Override
    public void close() throws IOException {
        lock.release();
        channel.close();
    }
}
