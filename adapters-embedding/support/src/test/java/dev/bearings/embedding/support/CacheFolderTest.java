package dev.bearings.embedding.support;

import dev.bearings.testkit.Prerequisite;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Which folders native libraries may be loaded from: none that another user could write, or swap. */
class CacheFolderTest {
    private static final int OTHER = 54321;

    @TempDir
    Path dir;

    @BeforeEach
    void unixFolders() throws Exception {
        Prerequisite.require(FileSystems.getDefault().supportedFileAttributeViews().contains("unix"),
                () -> "Unix owners and modes (elsewhere nothing is checked)");
        Files.setAttribute(dir, "unix:mode", 0700);
    }

    private static Path folder(Path path, int mode) throws Exception {
        Files.createDirectories(path);
        Files.setAttribute(path, "unix:mode", mode);
        return path;
    }

    @Test
    void aFolderOnlyTheUserCanWriteIsUsedAndOneOthersCanIsRefusedNamingIt() throws Exception {
        Path mine = folder(dir.resolve("mine"), 0755);
        assertThatCode(() -> CacheFolder.requireUnwritableByOthers(mine.resolve("djl/tokenizers"))).doesNotThrowAnyException();
        Path open = folder(dir.resolve("open"), 0777);
        assertThatThrownBy(() -> CacheFolder.requireUnwritableByOthers(open))
                .hasMessageStartingWith("the folder " + open + " can be written by other users");
        Path below = folder(open.resolve("mine"), 0700);
        assertThatThrownBy(() -> CacheFolder.requireUnwritableByOthers(below.resolve("djl")))
                .hasMessageStartingWith("the folder " + open + " can be written by other users")
                .hasMessageContaining("loaded from " + below.resolve("djl"));
    }

    /** In a folder like /tmp, the user's own folder is theirs; a name not taken yet could be taken by anyone first. */
    @Test
    void inAStickyFolderOnlyAFolderAlreadyTheUsersIsUsed() throws Exception {
        Path tmp = folder(dir.resolve("tmp"), 01777);
        Path mine = folder(tmp.resolve("mine"), 0700);
        assertThatCode(() -> CacheFolder.requireUnwritableByOthers(mine.resolve("djl"))).doesNotThrowAnyException();
        assertThatThrownBy(() -> CacheFolder.requireUnwritableByOthers(tmp.resolve(".djl.ai/tokenizers")))
                .hasMessageStartingWith("the folder " + tmp + " can be written by other users");
    }

    @Test
    void aLinkIsJudgedByTheFolderItLeadsTo() throws Exception {
        Path open = folder(dir.resolve("open"), 0777);
        Path link = Files.createSymbolicLink(folder(dir.resolve("mine"), 0700).resolve("cache"), open);
        assertThatThrownBy(() -> CacheFolder.requireUnwritableByOthers(link.resolve("djl")))
                .hasMessageStartingWith("the folder " + open + " can be written by other users");
    }

    @Test
    void aFolderOfAnotherUserOrWrittenByAnotherGroupIsRefused() throws Exception {
        Prerequisite.require((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid") == 0,
                () -> "root, to give a folder to another user id");
        Path theirs = folder(dir.resolve("theirs"), 0755);
        Files.setAttribute(theirs, "unix:uid", OTHER);
        assertThatThrownBy(() -> CacheFolder.requireUnwritableByOthers(theirs.resolve("djl")))
                .hasMessageStartingWith("the folder " + theirs + " belongs to another user (uid " + OTHER + ")");
        Path shared = folder(dir.resolve("shared"), 0775);
        assertThatCode(() -> CacheFolder.requireUnwritableByOthers(shared)).as("the user's own group").doesNotThrowAnyException();
        Files.setAttribute(shared, "unix:gid", OTHER);
        assertThatThrownBy(() -> CacheFolder.requireUnwritableByOthers(shared))
                .hasMessageStartingWith("the folder " + shared + " can be written by other users");
    }
}
