package dev.bearings.mcp.http;

import dev.bearings.app.folder.OwnerOnly;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

/**
 * One background server per index: a lock in the data folder's {@value ServerEntry#FOLDER} folder, named
 * by the index's folder, held while the server runs. Two searches that each start a server at once start
 * two processes, and the second finds the lock taken and ends; the operating system drops the lock of a
 * server that dies, so a crash leaves nothing that keeps the next one from starting.
 */
public final class ServerLock implements AutoCloseable {
    private final FileChannel channel;
    private final FileLock lock;

    private ServerLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /** The lock for {@code index}, or empty when another process holds it. */
    public static Optional<ServerLock> tryTake(Path dataFolder, Path index) throws IOException {
        Path servers = OwnerOnly.folder(dataFolder.resolve(ServerEntry.FOLDER));
        Path file = servers.resolve("index-" + digest(index) + ".lock");
        OwnerOnly.createFile(file);
        FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException thisProcess) {
            lock = null;
        }
        if (lock == null) {
            channel.close();
            return Optional.empty();
        }
        return Optional.of(new ServerLock(channel, lock));
    }

    private static String digest(Path index) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(index.toAbsolutePath().normalize().toString()
                    .getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    @Override
    public void close() throws IOException {
        lock.release();
        channel.close();
    }
}
