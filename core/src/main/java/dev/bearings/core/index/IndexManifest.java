package dev.bearings.core.index;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What an index records about itself: the store's layout version and the {@link IndexRecipe} it was
 * built with. Vectors of another model, or chunks cut by other rules, must never mix with these: an
 * index opened with another recipe is refused, saying what differs.
 *
 * @param formatVersion the store's own layout version, stamped by the store
 */
public record IndexManifest(int formatVersion, IndexRecipe recipe) {
    /**
     * Bearings before the recipe recorded only these; an index of that time still opens: its chunking
     * line is read back, with the parser, engine and model setting it was then built with.
     */
    private static final Pattern LEGACY_CHUNKING = Pattern.compile(
            "max (\\d+), min (\\d+), overlap (\\d+) words, window (\\d+) tokens, prefix (.+)");

    public IndexManifest {
        Objects.requireNonNull(recipe, "recipe");
    }

    public String modelId() {
        return recipe.modelId();
    }

    public int dimension() {
        return recipe.dimension();
    }

    /** How the chunks were cut, for people. */
    public String chunking() {
        return recipe.chunking();
    }

    /** Human-readable differences from the manifest an index of {@code wanted} would have; empty when they match. */
    public List<String> differences(IndexManifest wanted) {
        List<String> out = new ArrayList<>();
        if (formatVersion != wanted.formatVersion) {
            out.add("index format " + formatVersion + " (this version of Bearings writes " + wanted.formatVersion + ")");
        }
        out.addAll(recipe.differences(wanted.recipe));
        return out;
    }

    /** Refuses to go on with an index that differs from {@code wanted}, saying how, naming its folder. */
    public void requireSameAs(IndexManifest wanted, Path location) throws IndexMismatchException {
        List<String> differences = differences(wanted);
        if (!differences.isEmpty()) {
            throw new IndexMismatchException(location, differences);
        }
    }

    /** Refuses to search this index with vectors of another model (a query embedded by {@code modelId}). */
    public void requireModel(String modelId, int dimension, Path location) throws IndexMismatchException {
        if (!recipe.modelId().equals(modelId) || recipe.dimension() != dimension) {
            throw new IndexMismatchException(location, List.of("model " + recipe.model() + ", not " + modelId + " ("
                    + dimension + " dimensions)"));
        }
    }

    /**
     * Refuses a vector of another dimension than this index's, before anything is written or searched.
     *
     * @param what "vector" for a chunk's, "query" for a search's
     */
    public void requireDimension(float[] vector, String what) {
        if (vector.length != recipe.dimension()) {
            throw new IllegalArgumentException("a " + what + " of " + vector.length + " dimensions in an index of "
                    + recipe.dimension());
        }
    }

    /** The manifest as flat text fields: what every store keeps, and gives back to {@link #ofFields}. */
    public Map<String, String> fields() {
        Map<String, String> fields = new TreeMap<>(recipe.fields());
        fields.put("format", Integer.toString(formatVersion));
        return fields;
    }

    /**
     * Reads the fields a store kept (other fields, such as a store's own, are ignored).
     *
     * @throws IllegalArgumentException naming what is missing or malformed
     */
    public static IndexManifest ofFields(Map<String, String> fields) {
        int format = Integer.parseInt(fields.getOrDefault("format", "0").strip());
        if (!fields.containsKey("parser") && fields.containsKey("chunking")) {
            return new IndexManifest(format, legacy(fields));
        }
        return new IndexManifest(format, IndexRecipe.ofFields(fields));
    }

    private static IndexRecipe legacy(Map<String, String> fields) {
        Matcher m = LEGACY_CHUNKING.matcher(fields.get("chunking"));
        if (!m.matches()) {
            throw new IllegalArgumentException("the index manifest's chunking is not readable: " + fields.get("chunking"));
        }
        String model = fields.getOrDefault("model", "?");
        Map<String, String> legacy = new TreeMap<>(Map.of("parser", "commonmark", "max-words", m.group(1), "min-words",
                m.group(2), "overlap-words", m.group(3), "token-budget", "true", "prefix", m.group(5), "embedder", "onnx",
                "model", model, "window", m.group(4), "dimension", fields.getOrDefault("dimension", "0")));
        if (model.endsWith("/int8") || model.endsWith("/fp32")) {
            legacy.put("embedder.model", model.substring(model.lastIndexOf('/') + 1));
        }
        return IndexRecipe.ofFields(legacy);
    }
}
