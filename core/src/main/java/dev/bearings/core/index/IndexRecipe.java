package dev.bearings.core.index;

import dev.bearings.core.chunk.ChunkPrefix;
import dev.bearings.core.chunk.Chunker;
import dev.bearings.core.chunk.ChunkingRules;
import dev.bearings.core.chunk.TokenBudget;
import dev.bearings.core.embed.Embedder;
import dev.bearings.core.chunk.HeadingPath;
import dev.bearings.core.search.Fusion;
import dev.bearings.core.search.MatchStrength;
import dev.bearings.core.search.SearchTuning;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Everything that decides an index's chunks and vectors, in one value: the parser, the chunking rules,
 * whether chunks are cut to the model's token window, what is embedded in front of each chunk, and the
 * embedder (its provider, the settings it was given, the model id, window and dimension it reported).
 * It builds the chunker and the prefix for every entry point alike, and it is what an index records
 * ({@link IndexManifest}), so that searching and re-syncing use exactly what the index was built with.
 *
 * @param parser           the Markdown parser's provider name
 * @param tokenBudget      whether the chunker also cuts at the model's window (else words alone decide)
 * @param embedder         the embedder's provider name
 * @param embedderSettings the settings the embedder was created with (its model, window), as given
 * @param modelId          what the embedder calls its model; vectors of different ids never mix
 * @param window           the model's token window the chunks are cut to
 * @param tuning           how the index is searched: the fusion of its two lists and the thresholds of a
 *                         strong match, measured for the model when the index was built
 *                         ({@link SearchTuning#measuredFor}), kept with it
 */
public record IndexRecipe(String parser, ChunkingRules rules, boolean tokenBudget, Prefix prefix, String embedder,
                          Map<String, String> embedderSettings, String modelId, int window, int dimension, SearchTuning tuning) {

    /** What is embedded in front of a chunk's text. */
    public enum Prefix {
        /** The note's title and the chunk's heading path: {@code VPN setup > Server > Keys}, a blank line, the text. */
        TITLED("title > path"),
        /** The chunk's text alone. */
        NONE("none");

        private final String label;

        Prefix(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        public ChunkPrefix forTitle(String title) {
            return this == TITLED ? ChunkPrefix.titled(title) : ChunkPrefix.NONE;
        }

        static Prefix ofLabel(String label) {
            for (Prefix prefix : values()) {
                if (prefix.label.equals(label)) {
                    return prefix;
                }
            }
            throw new IllegalArgumentException("unknown prefix scheme '" + label + "'");
        }
    }

    public IndexRecipe {
        Objects.requireNonNull(parser, "parser");
        Objects.requireNonNull(rules, "rules");
        Objects.requireNonNull(prefix, "prefix");
        Objects.requireNonNull(embedder, "embedder");
        Objects.requireNonNull(modelId, "modelId");
        Objects.requireNonNull(tuning, "tuning");
        embedderSettings = Map.copyOf(embedderSettings);
        if (window < 1 || dimension < 1) {
            throw new IllegalArgumentException("window and dimension must be positive, were " + window + " and " + dimension);
        }
    }

    /** A recipe searched as measured best for its model. */
    public IndexRecipe(String parser, ChunkingRules rules, boolean tokenBudget, Prefix prefix, String embedder,
                       Map<String, String> embedderSettings, String modelId, int window, int dimension) {
        this(parser, rules, tokenBudget, prefix, embedder, embedderSettings, modelId, window, dimension,
                SearchTuning.measuredFor(modelId));
    }

    /** How hybrid search fuses the index's two lists. */
    public Fusion fusion() {
        return tuning.fusion();
    }

    /** The same recipe searched with another fusion. */
    public IndexRecipe withFusion(Fusion other) {
        return withTuning(tuning.withFusion(other));
    }

    /** The same recipe with other match strength thresholds. */
    public IndexRecipe withStrength(MatchStrength other) {
        return withTuning(tuning.withStrength(other));
    }

    private IndexRecipe withTuning(SearchTuning other) {
        return new IndexRecipe(parser, rules, tokenBudget, prefix, embedder, embedderSettings, modelId, window, dimension, other);
    }

    /** The recipe of chunks cut by {@code rules} for {@code embedder}, as it reports its model. */
    public static IndexRecipe of(String parser, ChunkingRules rules, boolean tokenBudget, Prefix prefix, String embedderName,
                                 Map<String, String> embedderSettings, Embedder embedder) {
        return new IndexRecipe(parser, rules, tokenBudget, prefix, embedderName, embedderSettings, embedder.modelId(),
                embedder.maxTokens(), embedder.dimension());
    }

    /** Cuts chunks by the rules and, with a token budget, at the embedder's window, prefix included. */
    public Chunker chunker(Embedder embedder) {
        return tokenBudget ? new Chunker(rules, new TokenBudget(embedder::countTokens, window)) : new Chunker(rules);
    }

    /** What a note's chunks are embedded behind. */
    public ChunkPrefix prefix(String title) {
        return prefix.forTitle(title);
    }

    /**
     * What the chunks of a note titled {@code title} are embedded behind: for the text of an attachment
     * ({@code attachment} its name; empty for the note's own text), the title, then the attachment's name.
     */
    public ChunkPrefix prefix(String title, String attachment) {
        return prefix(attachment.isEmpty() ? title : title + HeadingPath.SEPARATOR + "attachment " + attachment);
    }

    /** How chunks are cut, in words, for people: {@code max 300, min 30, overlap 40 words, window 256 tokens, ...}. */
    public String chunking() {
        return rules + (tokenBudget ? ", window " + window + " tokens" : ", no token budget") + ", prefix " + prefix.label()
                + ", parser " + parser;
    }

    /** The model, for people: {@code all-MiniLM-L6-v2/fp32 (384 dimensions)}. */
    public String model() {
        return modelId + " (" + dimension + " dimensions)";
    }

    /**
     * What differs between this recipe and {@code wanted} in ways that change chunks or vectors, in
     * words; empty when an index of this recipe can be searched and synced with {@code wanted}. The
     * embedder's provider and settings do not count: two engines that report one model id make one
     * model's vectors.
     */
    public List<String> differences(IndexRecipe wanted) {
        List<String> out = new ArrayList<>();
        if (!modelId.equals(wanted.modelId) || dimension != wanted.dimension) {
            out.add("model " + model() + ", not " + wanted.model());
        }
        // Each rule by its own name: two whole chunking lines that differ in one number hide which.
        differ(out, "max words", rules.maxWords(), wanted.rules.maxWords());
        differ(out, "min words", rules.minWords(), wanted.rules.minWords());
        differ(out, "overlap words", rules.overlapWords(), wanted.rules.overlapWords());
        differ(out, "token budget", budget(), wanted.budget());
        differ(out, "prefix", prefix.label(), wanted.prefix.label());
        differ(out, "parser", parser, wanted.parser);
        return out;
    }

    private String budget() {
        return tokenBudget ? "window " + window + " tokens" : "none";
    }

    private static void differ(List<String> out, String what, Object built, Object wanted) {
        if (!built.equals(wanted)) {
            out.add(what + " " + built + ", not " + wanted);
        }
    }

    /** The recipe as flat text fields, which every store keeps as they are. */
    Map<String, String> fields() {
        Map<String, String> fields = new TreeMap<>();
        fields.put("parser", parser);
        fields.put("max-words", Integer.toString(rules.maxWords()));
        fields.put("min-words", Integer.toString(rules.minWords()));
        fields.put("overlap-words", Integer.toString(rules.overlapWords()));
        fields.put("token-budget", Boolean.toString(tokenBudget));
        fields.put("prefix", prefix.label());
        fields.put("embedder", embedder);
        embedderSettings.forEach((name, value) -> fields.put("embedder." + name, value));
        fields.put("model", modelId);
        fields.put("window", Integer.toString(window));
        fields.put("dimension", Integer.toString(dimension));
        fields.put("fusion", tuning.fusion().describe());
        fields.put("strength", tuning.strength().describe());
        return fields;
    }

    static IndexRecipe ofFields(Map<String, String> fields) {
        Map<String, String> settings = new TreeMap<>();
        fields.forEach((name, value) -> {
            if (name.startsWith("embedder.")) {
                settings.put(name.substring("embedder.".length()), value);
            }
        });
        String model = required(fields, "model");
        // An index from before the recipe held its fusion, or its strength thresholds, is searched with its model's.
        SearchTuning measured = SearchTuning.measuredFor(model);
        SearchTuning tuning = new SearchTuning(fields.containsKey("fusion") ? Fusion.parse(fields.get("fusion")) : measured.fusion(),
                fields.containsKey("strength") ? MatchStrength.parse(fields.get("strength"), measured.strength()) : measured.strength());
        return new IndexRecipe(required(fields, "parser"),
                new ChunkingRules(number(fields, "max-words"), number(fields, "min-words"), number(fields, "overlap-words")),
                Boolean.parseBoolean(required(fields, "token-budget")), Prefix.ofLabel(required(fields, "prefix")),
                required(fields, "embedder"), settings, model, number(fields, "window"),
                number(fields, "dimension"), tuning);
    }

    private static String required(Map<String, String> fields, String name) {
        String value = fields.get(name);
        if (value == null) {
            throw new IllegalArgumentException("the index manifest has no " + name);
        }
        return value;
    }

    private static int number(Map<String, String> fields, String name) {
        try {
            return Integer.parseInt(required(fields, name).strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("the index manifest's " + name + " is not a number: " + fields.get(name));
        }
    }

    @Override
    public String toString() {
        return model() + "; " + chunking() + "; embedder " + embedder
                + (embedderSettings.isEmpty() ? "" : " " + new TreeMap<>(embedderSettings));
    }
}
