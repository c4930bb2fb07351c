package dev.bearings.embedding.support;

import ai.djl.util.Utils;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Where DJL extracts the tokenizer's native library and loads it from. DJL alone uses {@code ~/.djl.ai},
 * or, when the home folder cannot be written, {@code .djl.ai} in the shared temporary folder: a fixed
 * folder in which another user could have put a library of theirs first. Bearings points DJL's cache
 * ({@code DJL_CACHE_DIR}) at its own cache folder, or, when that cannot be made, at a new temporary
 * folder of a random name, the user's alone and removed at exit (as ONNX Runtime does with its own);
 * and it refuses a folder others could write, wherever DJL was told to look.
 */
final class TokenizerLibrary {
    /** DJL's cache folder, read by DJL from the environment first, then from the system property. */
    static final String DJL_CACHE = "DJL_CACHE_DIR";
    /** A library or folder the user gives DJL to load the tokenizer's library from, in place of its cache. */
    private static final String OVERRIDE = "RUST_LIBRARY_PATH";

    private TokenizerLibrary() {
    }

    /**
     * Call before DJL's tokenizer is first used: once it has loaded its library, it never looks again.
     *
     * @throws IOException when the folder DJL would load from could be written by another user, naming it
     */
    static synchronized void prepare() throws IOException {
        String set = Utils.getEnvOrSystemProperty(DJL_CACHE);
        if (set == null || set.isEmpty()) {
            Path folder;
            try {
                folder = CacheFolder.own().resolve("djl");
            } catch (CacheFolder.OthersCanWrite refused) {
                throw refused;
            } catch (IOException cannotMake) {
                folder = Files.createTempDirectory("bearings-djl-");
                removeAtExit(folder);
            }
            System.setProperty(DJL_CACHE, folder.toString());
        }
        String override = Utils.getEnvOrSystemProperty(OVERRIDE);
        CacheFolder.requireUnwritableByOthers(override != null ? Path.of(override) : Utils.getEngineCacheDir("tokenizers"));
    }

    private static void removeAtExit(Path folder) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try (Stream<Path> files = Files.walk(folder)) {
                for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(file);
                }
            } catch (IOException | RuntimeException e) {
                // Left in the temporary folder, the user's alone, for the system to clear.
            }
        }, "bearings-djl-cleanup"));
    }
}
