package dev.bearings.app.folder;

import dev.bearings.app.source.SourcesConfig;
import dev.bearings.app.testing.ExampleIndex;
import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.ChunkIndexStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * An index folder is private before its first byte: made owner-only, so every file a store writes in it is
 * out of other users' reach while it is written and after a crash; a folder of the user's other files that
 * others may open is refused, not changed; an index an older version left readable is narrowed.
 */
class IndexFolderTest {

    private static String permissions(Path path) throws Exception {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    }

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "lucene"})
    void aNewIndexFolderIsPrivateBeforeTheStoreWritesAByte(String name, @TempDir Path root) throws Exception {
        Path folder = root.resolve("new/index");
        ChunkIndexStore store = ExampleIndex.store(name);
        try (IndexLock lock = IndexLock.acquire(folder, store)) {
            assertThat(permissions(folder)).isEqualTo("rwx------");
            assertThat(lock.narrowed()).isEmpty();
            try (ExampleIndex example = ExampleIndex.open(root, folder, store);
                 ChunkIndex index = store.open(folder, example.recipe(), false)) {
                // Open for writing, journals and segments made: the store's own files are private too.
                List<Path> written = all(folder);
                assertThat(written).isNotEmpty();
                for (Path file : written) {
                    if (Files.isDirectory(file)) {
                        assertThat(permissions(file)).as(file.toString()).isEqualTo("rwx------");
                    } else if (name.equals("sqlite")) {
                        assertThat(permissions(file)).as("SQLite's files follow the database file's: " + file).isEqualTo("rw-------");
                    }
                }
            }
        }
    }

    @Test
    void aFolderOfOtherFilesThatOthersMayOpenIsRefusedAndLeftAsItWas(@TempDir Path root) throws Exception {
        Path shared = Files.createDirectories(root.resolve("shared"));
        Files.writeString(shared.resolve("other.txt"), "hi");
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxr-xr-x"));
        assertThatThrownBy(() -> IndexLock.acquire(shared, ExampleIndex.store()))
                .hasMessageContaining("the folder " + shared + " holds other files (such as other.txt)")
                .hasMessageContaining("chmod 700");
        assertThat(permissions(shared)).as("not Bearings' to change").isEqualTo("rwxr-xr-x");
        assertThat(shared.resolve(IndexLock.FILE)).doesNotExist();

        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwx------"));
        try (IndexLock lock = IndexLock.acquire(shared, ExampleIndex.store())) {
            assertThat(permissions(shared.resolve("other.txt"))).as("the user's file, as it was").isEqualTo("rw-r--r--");
            assertThat(permissions(shared.resolve(IndexLock.FILE))).isEqualTo("rw-------");
        }
    }

    @Test
    void anIndexAnOlderVersionLeftReadableIsNarrowedAndSaysWhat(@TempDir Path root) throws Exception {
        try (ExampleIndex example = ExampleIndex.synced(root)) {
            Path folder = example.folder();
            // As Bearings before this release left it, after a crash: the folder and files open to all.
            Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxr-xr-x"));
            for (Path file : all(folder)) {
                Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(Files.isDirectory(file) ? "rwxr-xr-x" : "rw-r--r--"));
            }
            List<Path> narrowed = IndexFolder.secure(folder, ExampleIndex.store());
            assertThat(narrowed).contains(folder, folder.resolve("bearings.sqlite"), folder.resolve(SourcesConfig.FILE));
            assertThat(permissions(folder)).isEqualTo("rwx------");
            for (Path file : all(folder)) {
                assertThat(permissions(file)).as(file.toString()).doesNotContain("r--", "r-x").endsWith("------");
            }
            assertThat(IndexFolder.secure(folder, ExampleIndex.store())).as("nothing left to narrow").isEmpty();
        }
    }

    /**
     * A file listed, then gone before it is narrowed (SQLite deletes its shared-memory file when its last reader
     * closes, as a search or a test's look at the index does while {@code bearings index} starts): passed over.
     */
    @Test
    void aFileGoneBetweenListingAndNarrowingIsPassedOver(@TempDir Path root) throws Exception {
        Path folder = Files.createDirectories(root.resolve("index"));
        Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path shm = Files.writeString(folder.resolve("bearings.sqlite-shm"), "");
        Files.setPosixFilePermissions(shm, PosixFilePermissions.fromString("rw-r--r--"));
        ChunkIndexStore sqlite = ExampleIndex.store();
        AtomicInteger asked = new AtomicInteger();
        // Asked first whether the folder holds only the index's files, then file by file as it narrows them.
        ChunkIndexStore closingReader = ChunkIndexStore.of(sqlite.formatVersion(), sqlite::openExisting, sqlite::open,
                sqlite::leftByReaders, file -> {
                    if (file.equals(shm) && asked.incrementAndGet() == 2) {
                        try {
                            Files.delete(file);
                        } catch (java.io.IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    }
                    return sqlite.writes(file);
                });
        assertThat(IndexFolder.secure(folder, closingReader)).containsExactly(folder);
        assertThat(asked).hasValue(2);
        assertThat(permissions(folder)).isEqualTo("rwx------");
    }

    private static List<Path> all(Path folder) throws Exception {
        try (Stream<Path> files = Files.walk(folder)) {
            List<Path> all = new ArrayList<>(files.filter(p -> !p.equals(folder)).toList());
            return all;
        }
    }
}
