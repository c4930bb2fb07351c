package dev.bearings.embedding.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Objects;

/**
 * Where a sentence-transformers model's files are and how its vectors are made.
 *
 * <p>The built-in all-MiniLM-L6-v2 ships inside Maven jars as classpath resources, in fp32 (90 MB,
 * the default) and int8 (23 MB). Any other model is a directory holding {@code model.onnx} and
 * {@code tokenizer.json}, with its pooling and normalisation given by the user.
 */
public final class EmbeddingModel {
    /** The position embeddings of BERT-style models: no window can be larger. */
    public static final int MAX_POSITIONS = 512;
    /** all-MiniLM-L6-v2 was trained on 256 word pieces. */
    public static final int MINILM_WINDOW = 256;
    static final int MINILM_DIMENSION = 384;

    private final String id;
    private final String onnxResource;
    private final String tokenizerResource;
    private final Path directory;
    private final Pooling pooling;
    private final boolean normalize;
    private final int defaultWindow;

    private EmbeddingModel(String id, String onnxResource, String tokenizerResource, Path directory, Pooling pooling,
                           boolean normalize, int defaultWindow) {
        this.id = id;
        this.onnxResource = onnxResource;
        this.tokenizerResource = tokenizerResource;
        this.directory = directory;
        this.pooling = pooling;
        this.normalize = normalize;
        this.defaultWindow = defaultWindow;
    }

    /** The bundled all-MiniLM-L6-v2: {@code fp32} or {@code int8}. */
    public static EmbeddingModel miniLm(String variant) {
        return switch (variant.toLowerCase(Locale.ROOT)) {
            case "fp32" -> new EmbeddingModel("all-MiniLM-L6-v2/fp32", "/all-minilm-l6-v2.onnx",
                    "/all-minilm-l6-v2-tokenizer.json", null, Pooling.MEAN, true, MINILM_WINDOW);
            case "int8" -> new EmbeddingModel("all-MiniLM-L6-v2/int8", "/all-minilm-l6-v2-q.onnx",
                    "/all-minilm-l6-v2-q-tokenizer.json", null, Pooling.MEAN, true, MINILM_WINDOW);
            default -> throw new IllegalArgumentException("unknown all-MiniLM-L6-v2 variant '" + variant
                    + "': use fp32 or int8, or give a model directory");
        };
    }

    /** A model directory with {@code model.onnx} and {@code tokenizer.json}. */
    public static EmbeddingModel directory(Path directory, Pooling pooling, boolean normalize, int defaultWindow) {
        Objects.requireNonNull(directory, "directory");
        for (String file : new String[]{"model.onnx", "tokenizer.json"}) {
            if (!Files.isRegularFile(directory.resolve(file))) {
                throw new IllegalArgumentException("model directory " + directory + " has no " + file);
            }
        }
        String name = directory.toAbsolutePath().normalize().getFileName().toString();
        return new EmbeddingModel(name + "/" + pooling.name().toLowerCase(Locale.ROOT) + (normalize ? "" : "/raw"),
                null, null, directory, pooling, normalize, defaultWindow);
    }

    /** Reads a model option: {@code fp32}, {@code int8} or a directory. */
    public static EmbeddingModel named(String model, Pooling pooling, boolean normalize) {
        if (model.equalsIgnoreCase("fp32") || model.equalsIgnoreCase("int8")) {
            return miniLm(model);
        }
        Path dir = Path.of(model);
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException("model '" + model + "' is neither fp32, int8 nor a directory");
        }
        return directory(dir, pooling, normalize, MAX_POSITIONS);
    }

    /** The vector length when known without loading the model (the bundled ones), else 0. */
    public int knownDimension() {
        return directory == null ? MINILM_DIMENSION : 0;
    }

    /** Refuses a window the model cannot have, before anything is loaded. */
    public static int checkedWindow(int window) {
        if (window < 3 || window > MAX_POSITIONS) {
            throw new IllegalArgumentException("token window must be 3.." + MAX_POSITIONS + ", was " + window);
        }
        return window;
    }

    public String id() {
        return id;
    }

    public Pooling pooling() {
        return pooling;
    }

    public boolean normalize() {
        return normalize;
    }

    public int defaultWindow() {
        return defaultWindow;
    }

    public InputStream tokenizerJson() {
        try {
            return directory != null ? Files.newInputStream(directory.resolve("tokenizer.json")) : resource(tokenizerResource);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the tokenizer of " + id, e);
        }
    }

    public byte[] onnxBytes() {
        try (InputStream in = directory != null ? Files.newInputStream(directory.resolve("model.onnx")) : resource(onnxResource)) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the model of " + id, e);
        }
    }

    /**
     * The ONNX file on disk, for engines that load from a path: a directory model as it is, a bundled
     * one copied once into {@code cacheDir} (again only when its size changed).
     */
    public Path onnxFile(Path cacheDir) {
        if (directory != null) {
            return directory.resolve("model.onnx");
        }
        try {
            Path target = cacheDir.resolve(id.replace('/', '-')).resolve("model.onnx");
            long expected;
            try (InputStream in = resource(onnxResource)) {
                expected = in.transferTo(java.io.OutputStream.nullOutputStream());
            }
            if (!Files.isRegularFile(target) || Files.size(target) != expected) {
                Files.createDirectories(target.getParent());
                Path partial = Files.createTempFile(target.getParent(), "model", ".part");
                try (InputStream in = resource(onnxResource)) {
                    Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
                }
                Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy the model " + id + " to " + cacheDir, e);
        }
    }

    private static InputStream resource(String name) throws IOException {
        InputStream in = EmbeddingModel.class.getResourceAsStream(name);
        if (in == null) {
            throw new IOException("the model file " + name + " is not on the classpath");
        }
        return in;
    }

    @Override
    public String toString() {
        return id;
    }
}
