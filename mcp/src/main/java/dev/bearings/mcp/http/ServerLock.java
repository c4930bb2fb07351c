package dev.bearings.mcp.http;

import dev.bearings.app.folder.DataFolder;
import dev.bearings.app.folder.OwnerOnly;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collection;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * One background server per index: a lock in the data folder's {@value DataFolder#SERVERS} folder, named
 * by the index's folder, held while the server runs. Two searches that each start a server at once start
 * two processes, and the second finds the lock taken and ends; the operating system drops the lock of a
 * server that dies, so a crash leaves nothing that keeps the next one from starting.
 */
public final class ServerLock implements AutoCloseable {
    /**
     * The lock files this process holds. They are never opened again while held: closing any channel to a file
     * drops every lock the process holds on it (POSIX file locks belong to the process, not the channel).
     */
    private static final Set<Path> HELD_HERE = new HashSet<>();
    /** A lock file's name: these around a digest of its index's folder. */
    private static final String PREFIX = "index-";
    private static final String SUFFIX = ".lock";
    /** Beside the lock, until the server takes it: the process started to be the index's server. */
    private static final String STARTING = ".starting";

    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;

    private ServerLock(Path file, FileChannel channel, FileLock lock) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
    }

    /** The lock for {@code index}, or empty when another process, or this one, holds it. */
    public static synchronized Optional<ServerLock> tryTake(Path dataFolder, Path index) throws IOException {
        Path servers = OwnerOnly.folder(dataFolder.resolve(DataFolder.SERVERS));
        Path file = servers.resolve(fileName(index));
        if (HELD_HERE.contains(file)) {
            return Optional.empty();
        }
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
        HELD_HERE.add(file);
        // From here the lock says that this server is on its way; another process named by a search started at the
        // same moment is still named, until it gives way and ends.
        Path starting = startingFile(file);
        if (named(starting).orElse(-1L) == ProcessHandle.current().pid()) {
            Files.deleteIfExists(starting);
        }
        return Optional.of(new ServerLock(file, channel, lock));
    }

    /**
     * Names {@code pid} as the process just started to serve {@code index}. Its JVM starts for half a second or so
     * before it can take the lock, and until then this is what tells {@code bearings server stop} that a server is
     * on its way, so that the stop waits for it rather than say that none runs.
     */
    public static void starting(Path dataFolder, Path index, long pid) throws IOException {
        Path servers = OwnerOnly.folder(dataFolder.resolve(DataFolder.SERVERS));
        Path written = OwnerOnly.file(Files.createTempFile(servers, STARTING, ".tmp"));
        try {
            Files.writeString(written, Long.toString(pid), StandardCharsets.UTF_8);
            Files.move(written, startingFile(servers.resolve(fileName(index))), StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(written);
        }
    }

    /**
     * Whether a server holds its lock without an entry, or has been started and has not yet taken it ({@link
     * #starting}), its index not among {@code announced} (the indexes of the servers that have written theirs): one
     * that is starting or loading its model, or is stopping. Only {@code index}'s lock is looked at when one is given.
     * For {@code bearings server stop}: looking takes each free lock for a moment, and a server that starts in that
     * moment finds it taken and gives way.
     */
    public static synchronized boolean heldWithoutEntry(Path dataFolder, Optional<Path> index, Collection<Path> announced)
            throws IOException {
        Path servers = dataFolder.resolve(DataFolder.SERVERS);
        if (!Files.isDirectory(servers)) {
            return false;
        }
        Set<Path> announcedLocks = new HashSet<>();
        for (Path folder : announced) {
            announcedLocks.add(servers.resolve(fileName(folder)));
        }
        List<Path> locks;
        if (index.isPresent()) {
            locks = List.of(servers.resolve(fileName(index.get())));
        } else {
            try (Stream<Path> files = Files.list(servers)) {
                // A started server's lock file may not be there yet: its index is named by the file beside it.
                locks = files.map(file -> file.getFileName().toString())
                        .filter(name -> name.startsWith(PREFIX) && (name.endsWith(SUFFIX) || name.endsWith(STARTING)))
                        .map(name -> servers.resolve(name.substring(0, name.lastIndexOf('.')) + SUFFIX)).distinct().toList();
            }
        }
        for (Path lock : locks) {
            if (!announcedLocks.contains(lock) && (held(lock) || onItsWay(startingFile(lock)))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the process a {@link #starting} file names still runs, and is the one started then: a process that began
     * after the file was written has only been given the same number since.
     */
    private static boolean onItsWay(Path starting) throws IOException {
        Optional<Long> pid = named(starting);
        FileTime written;
        try {
            written = Files.getLastModifiedTime(starting);
        } catch (NoSuchFileException none) {
            return false;
        }
        return pid.flatMap(ProcessHandle::of).filter(ProcessHandle::isAlive)
                .filter(process -> process.info().startInstant().map(began -> !began.isAfter(written.toInstant().plusSeconds(1)))
                        .orElse(true))
                .isPresent();
    }

    /** The process a {@link #starting} file names; empty when there is none, or it is not one of ours. */
    private static Optional<Long> named(Path starting) throws IOException {
        try {
            return Optional.of(Long.parseLong(Files.readString(starting, StandardCharsets.UTF_8).strip()));
        } catch (NoSuchFileException | NumberFormatException noneOrNotOurs) {
            return Optional.empty();
        }
    }

    private static Path startingFile(Path lock) {
        String name = lock.getFileName().toString();
        return lock.resolveSibling(name.substring(0, name.length() - SUFFIX.length()) + STARTING);
    }

    private static boolean held(Path file) throws IOException {
        if (HELD_HERE.contains(file)) {
            return true;
        }
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            FileLock lock = channel.tryLock();
            if (lock == null) {
                return true;
            }
            lock.release();
            return false;
        } catch (NoSuchFileException none) {
            return false;
        }
    }

    private static String fileName(Path index) {
        return PREFIX + digest(index) + SUFFIX;
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
        synchronized (ServerLock.class) {
            lock.release();
            channel.close();
            HELD_HERE.remove(file);
        }
    }
}
