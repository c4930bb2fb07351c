package dev.bearings.testprocess;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.stream.Stream;

/**
 * File locks as Linux's kernel lists them ({@code /proc/locks}): which process holds a lock on which file, seen
 * from outside, without taking the lock (which a look by {@code tryLock} would, for a moment).
 */
public final class FileLocks {
    private static final Path LOCKS = Path.of("/proc/locks");

    private FileLocks() {
    }

    /** Whether this system lists its file locks. */
    public static boolean listed() {
        return Files.isReadable(LOCKS);
    }

    /**
     * Whether one of {@code holders} (process ids) holds a lock on a file directly in {@code folder}. A line reads
     * {@code 1: POSIX ADVISORY WRITE <pid> <major>:<minor>:<inode> 0 EOF}; files are matched by inode.
     */
    public static boolean heldIn(Path folder, Collection<Long> holders) throws IOException {
        if (!Files.isDirectory(folder)) {
            return false;
        }
        List<String[]> locks = Files.readAllLines(LOCKS).stream().map(line -> line.trim().split("\\s+"))
                .filter(fields -> fields.length > 5).toList();
        try (Stream<Path> files = Files.list(folder)) {
            for (Path file : files.toList()) {
                String inode = ":" + Files.getAttribute(file, "unix:ino");
                if (locks.stream().anyMatch(fields -> fields[5].endsWith(inode) && holders.contains(Long.parseLong(fields[4])))) {
                    return true;
                }
            }
        }
        return false;
    }
}
