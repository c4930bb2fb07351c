package dev.bearings.core.folder;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** One rule for the data and cache folders on Linux, macOS and Windows: the user's XDG variable first. */
class UserFoldersTest {

    @Test
    void linuxFollowsXdgAndItsDefaults() {
        UserFolders plain = UserFolders.of("Linux", "/home/me", Map.of());
        assertThat(plain.data()).isEqualTo(Path.of("/home/me/.local/share/bearings"));
        assertThat(plain.cache()).isEqualTo(Path.of("/home/me/.cache/bearings"));
        UserFolders set = UserFolders.of("Linux", "/home/me", Map.of("XDG_DATA_HOME", "/data", "XDG_CACHE_HOME", "/cache"));
        assertThat(set.data()).isEqualTo(Path.of("/data/bearings"));
        assertThat(set.cache()).isEqualTo(Path.of("/cache/bearings"));
        assertThat(UserFolders.of("Linux", "/home/me", Map.of("XDG_DATA_HOME", " ")).data()).as("a blank variable is unset")
                .isEqualTo(Path.of("/home/me/.local/share/bearings"));
    }

    @Test
    void macOsUsesItsLibraryFoldersUnlessAnXdgVariableIsSet() {
        UserFolders mac = UserFolders.of("Mac OS X", "/Users/me", Map.of());
        assertThat(mac.data()).isEqualTo(Path.of("/Users/me/Library/Application Support/bearings"));
        assertThat(mac.cache()).isEqualTo(Path.of("/Users/me/Library/Caches/bearings"));
        UserFolders xdg = UserFolders.of("Mac OS X", "/Users/me", Map.of("XDG_CACHE_HOME", "/Users/me/.cache"));
        assertThat(xdg.cache()).isEqualTo(Path.of("/Users/me/.cache/bearings"));
        assertThat(xdg.data()).isEqualTo(Path.of("/Users/me/Library/Application Support/bearings"));
    }

    @Test
    void windowsUsesLocalAppData() {
        UserFolders windows = UserFolders.of("Windows 11", "/Users/me", Map.of("LOCALAPPDATA", "/Users/me/AppData/Local"));
        assertThat(windows.data()).isEqualTo(Path.of("/Users/me/AppData/Local/bearings"));
        assertThat(windows.cache()).isEqualTo(Path.of("/Users/me/AppData/Local/bearings/cache"));
        assertThat(UserFolders.of("Windows 11", "/Users/me", Map.of()).data()).as("without LOCALAPPDATA")
                .isEqualTo(Path.of("/Users/me/AppData/Local/bearings"));
    }
}
