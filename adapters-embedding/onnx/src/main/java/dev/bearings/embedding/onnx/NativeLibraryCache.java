package dev.bearings.embedding.onnx;

import dev.bearings.embedding.support.CacheFolder;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;

/**
 * ONNX Runtime's native libraries, extracted from the jar once into a cache folder and loaded from
 * there on every later start ({@code onnxruntime.native.path}), where ONNX Runtime alone would copy
 * 24 MB into a new temporary folder on every start. Keyed by ONNX Runtime's version and the platform;
 * written to a temporary folder first and moved into place, so that a process never loads a half
 * written library and two first starts at once are both right.
 */
final class NativeLibraryCache {
    static final String PROPERTY = "onnxruntime.native.path";
    private static final List<String> LIBRARIES = List.of("onnxruntime", "onnxruntime4j_jni", "onnxruntime_providers_shared");

    private NativeLibraryCache() {
    }

    /** Points ONNX Runtime at the cached libraries, extracting them first if needed; leaves it alone on any failure. */
    static synchronized void use() {
        if (System.getProperty(PROPERTY) != null) {
            return;
        }
        try {
            Optional<String> platform = platform();
            Optional<String> version = version();
            if (platform.isPresent() && version.isPresent()) {
                System.setProperty(PROPERTY, folder(CacheFolder.own(), version.get(), platform.get()).toString());
            }
        } catch (IOException | UncheckedIOException | SecurityException e) {
            // A read-only home, a full disk, or a cache folder others could write: ONNX Runtime extracts to
            // a new temporary folder of its own (a random name, the user's alone), as it always did.
        }
    }

    /** The folder holding this version's libraries for this platform, extracted now if it is not there yet. */
    static Path folder(Path root, String version, String platform) throws IOException {
        Path folder = root.resolve("onnxruntime-" + version + "-" + platform);
        if (Files.isDirectory(folder)) {
            return folder;
        }
        Files.createDirectories(root);
        Path staging = Files.createTempDirectory(root, ".onnxruntime-");
        try {
            for (String library : LIBRARIES) {
                String file = System.mapLibraryName(library).replace("jnilib", "dylib");
                try (InputStream in = NativeLibraryCache.class.getResourceAsStream("/ai/onnxruntime/native/" + platform + "/" + file)) {
                    if (in != null) {
                        Files.copy(in, staging.resolve(file));
                    }
                }
            }
            try {
                Files.move(staging, folder, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                // Another process moved its copy into place first: an existing or non-empty target.
                if (!Files.isDirectory(folder)) {
                    throw e;
                }
            }
            return folder;
        } finally {
            deleteIfLeft(staging);
        }
    }

    private static void deleteIfLeft(Path staging) throws IOException {
        if (Files.exists(staging)) {
            try (var files = Files.list(staging)) {
                for (Path file : files.toList()) {
                    Files.delete(file);
                }
            }
            Files.delete(staging);
        }
    }

    /** The platform as ONNX Runtime names its resource folders, for the platforms its jar carries. */
    static Optional<String> platform() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        String system = os.contains("mac") || os.contains("darwin") ? "osx" : os.contains("win") ? "win"
                : os.contains("nux") ? "linux" : null;
        String cpu = arch.startsWith("amd64") || arch.startsWith("x86_64") ? "x64" : arch.startsWith("aarch64") ? "aarch64" : null;
        return system == null || cpu == null ? Optional.empty() : Optional.of(system + "-" + cpu);
    }

    /** ONNX Runtime's version, as the build wrote it; empty when it cannot be read. */
    static Optional<String> version() {
        try (InputStream in = NativeLibraryCache.class.getResourceAsStream("onnxruntime.properties")) {
            if (in == null) {
                return Optional.empty();
            }
            Properties properties = new Properties();
            properties.load(in);
            return Optional.ofNullable(properties.getProperty("version")).filter(v -> !v.isBlank() && !v.startsWith("$"));
        } catch (IOException unreadable) {
            return Optional.empty();
        }
    }
}
