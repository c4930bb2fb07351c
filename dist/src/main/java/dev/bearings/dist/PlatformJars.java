package dev.bearings.dist;

import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipArchiveOutputStream;
import org.apache.commons.compress.archivers.zip.ZipFile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Writes the CLI's jar once per platform, each keeping only the native libraries of its platform
 * (ONNX Runtime, the tokenizer, SQLite, JNA, JLine): the full jar carries every platform's. Entries
 * are copied as they are stored, not compressed again, so four jars take seconds. A native library
 * in none of the folders below fails the build, so that a new dependency's libraries are sorted
 * into their platforms rather than shipped to all of them.
 *
 * <p>{@code PlatformJars cli/target/bearings.jar OUTPUT_FOLDER}
 */
public final class PlatformJars {
    /** Where each library keeps its native files, one folder per platform. */
    static final List<String> NATIVE_ROOTS = List.of("ai/onnxruntime/native/", "native/lib/", "org/sqlite/native/", "com/sun/jna/",
            "org/jline/nativ/");
    private static final Pattern NATIVE_LIBRARY = Pattern.compile(".*\\.(so|dll|dylib|jnilib)(\\.\\d+)*");

    /**
     * A platform the CLI runs on (ONNX Runtime ships for these four) and its folder in each library.
     *
     * @param name    as in {@code bearings-NAME.jar}
     * @param folders its native files' folders, one per entry of {@link #NATIVE_ROOTS}
     */
    record Platform(String name, List<String> folders) {
        static final List<Platform> ALL = List.of(
                new Platform("linux-x64", List.of("ai/onnxruntime/native/linux-x64/", "native/lib/linux-x86_64/",
                        "org/sqlite/native/Linux/x86_64/", "com/sun/jna/linux-x86-64/", "org/jline/nativ/Linux/x86_64/")),
                new Platform("linux-aarch64", List.of("ai/onnxruntime/native/linux-aarch64/", "native/lib/linux-aarch64/",
                        "org/sqlite/native/Linux/aarch64/", "com/sun/jna/linux-aarch64/", "org/jline/nativ/Linux/arm64/")),
                new Platform("osx-aarch64", List.of("ai/onnxruntime/native/osx-aarch64/", "native/lib/osx-aarch64/",
                        "org/sqlite/native/Mac/aarch64/", "com/sun/jna/darwin-aarch64/", "org/jline/nativ/Mac/arm64/")),
                new Platform("win-x64", List.of("ai/onnxruntime/native/win-x64/", "native/lib/win-x86_64/",
                        "org/sqlite/native/Windows/x86_64/", "com/sun/jna/win32-x86-64/", "org/jline/nativ/Windows/x86_64/")));

        /** Whether this platform's jar holds the entry: anything but another platform's native library. */
        boolean keeps(String entry) {
            return !isNativeLibrary(entry) || folders.stream().anyMatch(entry::startsWith);
        }
    }

    private PlatformJars() {
    }

    static boolean isNativeLibrary(String entry) {
        return NATIVE_LIBRARY.matcher(entry).matches();
    }

    public static void main(String[] args) throws IOException {
        Path full = Path.of(args[0]);
        Path output = Path.of(args[1]);
        if (!Files.isRegularFile(full)) {
            throw new IllegalStateException(full.toAbsolutePath().normalize() + " is missing: the per-platform jars are made "
                    + "from the CLI's jar; build cli first (./mvnw -q package -DskipTests builds both)");
        }
        Files.createDirectories(output);
        try (ZipFile jar = ZipFile.builder().setPath(full).get()) {
            requireSorted(jar);
            for (Platform platform : Platform.ALL) {
                Path target = output.resolve("bearings-" + platform.name() + ".jar");
                Path written = output.resolve(target.getFileName() + ".tmp");
                try (ZipArchiveOutputStream out = new ZipArchiveOutputStream(written)) {
                    jar.copyRawEntries(out, entry -> platform.keeps(entry.getName()));
                }
                Files.move(written, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                System.out.printf(Locale.ROOT, "%s: %.0f MB (the full jar: %.0f MB)%n", target, Files.size(target) / 1e6,
                        Files.size(full) / 1e6);
            }
        }
    }

    /** Fails on a native library outside every known folder: it would otherwise go to every platform. */
    private static void requireSorted(ZipFile jar) {
        for (ZipArchiveEntry entry : Collections.list(jar.getEntries())) {
            String name = entry.getName();
            if (isNativeLibrary(name) && NATIVE_ROOTS.stream().noneMatch(name::startsWith)) {
                throw new IllegalStateException("the native library " + name + " is in no folder PlatformJars knows: "
                        + "add its library's platform folders there");
            }
        }
    }
}
