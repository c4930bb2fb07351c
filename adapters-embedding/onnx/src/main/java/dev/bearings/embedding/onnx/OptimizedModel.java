package dev.bearings.embedding.onnx;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

/**
 * ONNX Runtime's optimised graph of a model, saved once in the cache folder and loaded from then on, so
 * that a process does not optimise the graph again on every start. Saved at the extended level, which
 * fuses the transformer's operators but holds nothing of this machine's processor (ONNX Runtime warns
 * that a graph saved with its layout optimisations may not run elsewhere), and loaded with every
 * optimisation on, which finds the graph already optimised (for bge-small and MiniLM, the graphs saved
 * at both levels are byte for byte the same). Keyed by the model file (its path, size and time) and
 * ONNX Runtime's version; written to a temporary file and moved into place; a saved graph that does
 * not load is deleted and made again. {@code -Dbearings.onnx.optimized=false} optimises on every start,
 * as before.
 */
final class OptimizedModel {
    static final String PROPERTY = "bearings.onnx.optimized";

    /** A session, and the file it was loaded from: the model's own, or its saved optimised graph. */
    record Opened(OrtSession session, Path file) {
    }

    private OptimizedModel() {
    }

    /**
     * A session of {@code model}, from its optimised graph in {@code cache} when one was saved, else from
     * the model, saving its graph for the next time.
     *
     * @param options the session's options, optimisation level unset: this sets it
     */
    static Opened open(OrtEnvironment environment, Path model, Path cache, OrtSession.SessionOptions options)
            throws OrtException {
        Optional<Path> saved = Boolean.parseBoolean(System.getProperty(PROPERTY, "true")) ? savedFor(model, cache) : Optional.empty();
        options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
        if (saved.isPresent() && Files.isRegularFile(saved.get())) {
            try {
                return new Opened(environment.createSession(saved.get().toString(), options), saved.get());
            } catch (OrtException damaged) {
                deleteQuietly(saved.get());
            }
        }
        if (saved.isPresent()) {
            Path partial = null;
            try {
                Files.createDirectories(saved.get().getParent());
                partial = Files.createTempFile(saved.get().getParent(), ".optimized-", ".onnx.part");
                options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.EXTENDED_OPT);
                options.setOptimizedModelFilePath(partial.toString());
                OrtSession session = environment.createSession(model.toString(), options);
                Files.move(partial, saved.get(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                return new Opened(session, model);
            } catch (IOException | SecurityException readOnlyOrFull) {
                // The session is made below without saving its graph.
                options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
            } finally {
                if (partial != null) {
                    deleteQuietly(partial);
                }
            }
        }
        return new Opened(environment.createSession(model.toString(), options), model);
    }

    /** Where the optimised graph of {@code model} is saved: empty when ONNX Runtime's version is unknown. */
    static Optional<Path> savedFor(Path model, Path cache) {
        Optional<String> version = NativeLibraryCache.version();
        if (version.isEmpty()) {
            return Optional.empty();
        }
        try {
            String key = model.toAbsolutePath() + "\u0000" + Files.size(model) + "\u0000" + Files.getLastModifiedTime(model).toMillis()
                    + "\u0000" + version.get();
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return Optional.of(cache.resolve("optimized").resolve(HexFormat.of().formatHex(digest, 0, 12) + ".onnx"));
        } catch (IOException | NoSuchAlgorithmException e) {
            return Optional.empty();
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // left for the next start to replace
        }
    }
}
