package dev.bearings.embedding.onnx;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

class NativeLibraryCacheTest {

    @TempDir
    Path root;

    private static String platform() {
        return NativeLibraryCache.platform().orElseThrow(() -> new AssertionError("ONNX Runtime's jar has no libraries for "
                + System.getProperty("os.name") + " " + System.getProperty("os.arch")));
    }

    private static byte[] resource(String file) throws Exception {
        try (InputStream in = NativeLibraryCache.class.getResourceAsStream("/ai/onnxruntime/native/" + platform() + "/" + file)) {
            assertThat(in).as(file).isNotNull();
            return in.readAllBytes();
        }
    }

    @Test
    void theLibrariesAreExtractedOnceAndReusedAfterwards() throws Exception {
        Path folder = NativeLibraryCache.folder(root, "1.2.3", platform());
        assertThat(folder).isEqualTo(root.resolve("onnxruntime-1.2.3-" + platform()));
        String core = System.mapLibraryName("onnxruntime").replace("jnilib", "dylib");
        String jni = System.mapLibraryName("onnxruntime4j_jni").replace("jnilib", "dylib");
        assertThat(Files.readAllBytes(folder.resolve(core))).isEqualTo(resource(core));
        assertThat(Files.readAllBytes(folder.resolve(jni))).isEqualTo(resource(jni));
        var written = Files.getLastModifiedTime(folder.resolve(core));
        Thread.sleep(20);
        assertThat(NativeLibraryCache.folder(root, "1.2.3", platform())).isEqualTo(folder);
        assertThat(Files.getLastModifiedTime(folder.resolve(core))).as("not written again").isEqualTo(written);
        try (Stream<Path> left = Files.list(root)) {
            assertThat(left).as("no staging folder left behind").containsExactly(folder);
        }
    }

    @Test
    void firstStartsAtOnceAllGetTheWholeFolder() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Path>> starts = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                starts.add(pool.submit(() -> NativeLibraryCache.folder(root, "9.9.9", platform())));
            }
            String core = System.mapLibraryName("onnxruntime").replace("jnilib", "dylib");
            for (Future<Path> start : starts) {
                Path folder = start.get(60, TimeUnit.SECONDS);
                assertThat(Files.size(folder.resolve(core))).isEqualTo(resource(core).length);
            }
        } finally {
            pool.shutdownNow();
        }
        try (Stream<Path> left = Files.list(root)) {
            assertThat(left).hasSize(1);
        }
    }
}
