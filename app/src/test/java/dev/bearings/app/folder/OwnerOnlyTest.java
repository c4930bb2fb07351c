package dev.bearings.app.folder;

import dev.bearings.app.testing.ExampleIndex;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What Bearings makes is its owner's alone from the start, and what an older version left wider is narrowed when
 * next used; the folders above one it makes are made as the user makes folders. The lock of an index says what it
 * narrowed, and a folder that cannot be made or written is said with the fix.
 */
class OwnerOnlyTest {

    private static String permissions(Path path) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    }

    @Test
    void aFolderIsMadePrivateAndTheFoldersAboveItAsUsual(@TempDir Path root) throws Exception {
        Path usual = Files.createDirectory(root.resolve("usual"));
        Path folder = root.resolve("data/bearings");
        assertThat(OwnerOnly.folder(folder)).isEqualTo(folder);
        assertThat(permissions(folder)).isEqualTo("rwx------");
        assertThat(permissions(root.resolve("data"))).as("made as the user makes folders").isEqualTo(permissions(usual));

        Path wide = Files.createDirectory(root.resolve("wide"));
        Files.setPosixFilePermissions(wide, PosixFilePermissions.fromString("rwxr-xr-x"));
        assertThat(OwnerOnly.folder(wide)).isEqualTo(wide);
        assertThat(permissions(wide)).as("an older version's, narrowed").isEqualTo("rwx------");
    }

    @Test
    void aFileIsMadePrivateOrNarrowedKeepingWhatItHolds(@TempDir Path root) throws Exception {
        Path token = root.resolve("mcp-token");
        assertThat(OwnerOnly.createFile(token)).isEqualTo(token);
        assertThat(permissions(token)).isEqualTo("rw-------");
        Files.writeString(token, "secret");
        Files.setPosixFilePermissions(token, PosixFilePermissions.fromString("rw-r--r--"));
        assertThat(OwnerOnly.createFile(token)).isEqualTo(token);
        assertThat(permissions(token)).isEqualTo("rw-------");
        assertThat(Files.readString(token)).isEqualTo("secret");

        Path log = Files.writeString(root.resolve("server.log"), "started");
        Files.setPosixFilePermissions(log, PosixFilePermissions.fromString("rw-rw-rw-"));
        assertThat(OwnerOnly.file(log)).isEqualTo(log);
        assertThat(permissions(log)).isEqualTo("rw-------");
        assertThat(OwnerOnly.narrow(log)).as("nothing left to take").isFalse();
    }

    @Test
    void theLockSaysWhatItNarrowedInsideAnOlderIndex(@TempDir Path root) throws Exception {
        Path index = Files.createDirectories(root.resolve("index/logs"));
        Path log = Files.writeString(index.resolve("server.log"), "started");
        Path user = Files.writeString(root.resolve("index/notes.txt"), "the user's");
        for (Path path : new Path[]{root.resolve("index"), index}) {
            Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rwx------"));
        }
        Files.setPosixFilePermissions(log, PosixFilePermissions.fromString("rw-r--r--"));
        Files.setPosixFilePermissions(index, PosixFilePermissions.fromString("rwxr-xr-x"));
        try (IndexLock lock = IndexLock.acquire(root.resolve("index"), ExampleIndex.store())) {
            assertThat(lock.narrowed()).as("Bearings' own, in a private folder of the user's files").containsExactlyInAnyOrder(index, log);
            assertThat(permissions(user)).as("the user's file, as it was").isEqualTo("rw-r--r--");
        }
    }

    @Test
    void aSecondWriterIsRefusedUntilTheFirstHasClosed(@TempDir Path root) throws Exception {
        Path folder = root.resolve("index");
        try (IndexLock first = IndexLock.acquire(folder, ExampleIndex.store())) {
            assertThatThrownBy(() -> IndexLock.acquire(folder, ExampleIndex.store())).isInstanceOf(IndexLock.HeldElsewhere.class)
                    .hasMessage("another bearings index is already running on " + folder + "; wait for it to finish");
        }
        try (IndexLock again = IndexLock.acquire(folder, ExampleIndex.store())) {
            assertThat(again.narrowed()).isEmpty();
        }
    }

    @Test
    void aFolderThatCannotBeMadeIsSaidWithTheFix(@TempDir Path root) throws Exception {
        Path file = Files.writeString(root.resolve("a-file"), "not a folder");
        assertThatThrownBy(() -> IndexLock.acquire(file.resolve("index"), ExampleIndex.store()))
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith("cannot write to the index folder " + file.resolve("index") + " (")
                .hasMessageEndingWith("); choose a writable folder with --index");
    }
}
