package dev.bearings.dist;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A platform has one name everywhere: ONNX Runtime's (whose folders the native library cache reads),
 * the per-platform jar's, and the installer's.
 */
class PlatformNamesTest {
    private static final Pattern INSTALLER_PLATFORM = Pattern.compile("platform=([a-z0-9-]+)");

    @Test
    void eachJarIsNamedAsOnnxRuntimeNamesItsPlatform() {
        for (PlatformJars.Platform platform : PlatformJars.Platform.ALL) {
            assertThat(platform.folders().get(0)).isEqualTo("ai/onnxruntime/native/" + platform.name() + "/");
        }
    }

    @Test
    void theInstallerPicksAJarThereIsForEveryPlatformItRunsOn() throws Exception {
        Matcher names = INSTALLER_PLATFORM.matcher(Files.readString(Path.of("../cli/install.sh")));
        List<String> installer = names.results().map(m -> m.group(1)).collect(Collectors.toList());
        List<String> jars = PlatformJars.Platform.ALL.stream().map(PlatformJars.Platform::name).toList();
        // The installer is a POSIX shell script: every platform but Windows.
        assertThat(installer).containsExactlyInAnyOrderElementsOf(jars.stream().filter(name -> !name.startsWith("win-")).toList());
    }
}
