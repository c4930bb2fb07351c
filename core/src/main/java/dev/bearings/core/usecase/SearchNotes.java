package dev.bearings.core.usecase;

import dev.bearings.core.embed.Embedder;
import dev.bearings.core.embed.Embedding;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.note.IndexedNote;
import dev.bearings.core.search.ChunkLinks;
import dev.bearings.core.chunk.HeadingPath;
import dev.bearings.core.embed.Vectors;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.search.Fusion;
import dev.bearings.core.search.KeywordQuery;
import dev.bearings.core.search.KeywordSearch;
import dev.bearings.core.search.MatchStrength;
import dev.bearings.core.search.RankedChunk;
import dev.bearings.core.search.SearchTuning;
import dev.bearings.core.search.SearchFilter;
import dev.bearings.core.search.PassageSections;
import dev.bearings.core.search.Snippets;
import dev.bearings.core.search.StoredChunk;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * Use case: a question to the passages that answer it, grouped under their notes. Dense vectors
 * find paraphrases, keywords find names and numbers; in {@code hybrid} mode (the default) both
 * lists are fused by the index's fusion, which weighs them for each query. Several chunks of one
 * note may come back, ranked. Every hit says how strong a match it is ({@link MatchStrength}), from its
 * vector similarity, which is known for a hit found by keywords alone too (its stored vector), and its
 * keyword score; the keyword part reads {@link KeywordQuery}'s syntax, the vector part the question
 * without it.
 */
public final class SearchNotes {
    private static final int SNIPPET_CHARS = 240;

    public enum Mode {
        HYBRID, VECTOR, KEYWORD;

        /**
         * A mode as a person names it, in any case: {@code hybrid}, {@code vector} or {@code keyword}.
         *
         * @throws IllegalArgumentException naming the modes, when {@code name} is none of them
         */
        public static Mode parse(String name) {
            for (Mode mode : values()) {
                if (mode.name().equalsIgnoreCase(name)) {
                    return mode;
                }
            }
            throw new IllegalArgumentException("mode must be hybrid, vector or keyword, not '" + name + "'");
        }
    }

    /** The longest question a person asks, by far: a pasted file is not one, and would hold the index for seconds. */
    public static final int MAX_QUERY_CHARS = 4_000;

    /**
     * The rule every driver (command line, MCP, the served search) applies to what a person asks: not
     * empty, and at most {@value #MAX_QUERY_CHARS} characters. Evaluation data is not asked, and not held to it.
     *
     * @return {@code query}
     * @throws IllegalArgumentException saying which of the two it is not
     */
    public static String requireAskable(String query) {
        if (query == null || query.isBlank()) {
            throw new IllegalArgumentException("the query is empty: ask a question or give keywords");
        }
        if (query.length() > MAX_QUERY_CHARS) {
            throw new IllegalArgumentException("the query is " + query.length() + " characters; at most " + MAX_QUERY_CHARS);
        }
        return query;
    }

    /** @param limit most chunks returned */
    public record Request(String query, int limit, Mode mode, SearchFilter filter) {
        public Request {
            Objects.requireNonNull(query, "query");
            Objects.requireNonNull(mode, "mode");
            Objects.requireNonNull(filter, "filter");
            if (limit < 1) {
                throw new IllegalArgumentException("limit must be at least 1, was " + limit);
            }
        }
    }

    /**
     * One passage found.
     *
     * @param score       fused score (hybrid), cosine (vector) or BM25 (keyword)
     * @param vectorRank  1-based rank in the vector list, when it was there
     * @param keywordRank 1-based rank in the keyword list, when it was there
     * @param similarity  the cosine of the question and the passage, before any scaling (NaN only when the
     *                    passage's vector could not be had)
     * @param strength    whether it is a strong match or a weak one, by the index's thresholds
     */
    public record Hit(StoredChunk chunk, double score, OptionalInt vectorRank, OptionalInt keywordRank, double similarity,
                      MatchStrength.Level strength, Set<String> queryTerms) {

        /** An extract around the query's words, marked; made when asked for, as only displayed hits need one. */
        public String snippet() {
            return Snippets.of(chunk.text(), queryTerms, SNIPPET_CHARS);
        }

        /** The heading path of the section in the passage that holds the query's words ({@link PassageSections}). */
        public String headingPath() {
            return headingPath(sections());
        }

        /** The same, of the passage's sections already made: what shows both makes them once. */
        public String headingPath(PassageSections sections) {
            return sections.label(queryTerms);
        }

        /** The sections the passage holds, small ones merged into it included. */
        public PassageSections sections() {
            return PassageSections.of(chunk.headingPath(), chunk.text());
        }

        /** A link that opens the passage at {@code headingPath} ({@link #headingPath}): Bear's deep link goes to that heading. */
        public String link(String headingPath) {
            return ChunkLinks.of(chunk.note().link(), headingPath);
        }
    }

    public record NoteHits(IndexedNote note, List<Hit> hits) {
    }

    /**
     * @param ranked            every hit, best first
     * @param queryTruncated    the query was longer than the model's window and was cut to it
     * @param weights           how much the vector and the keyword list counted for this query
     * @param onlyFunctionWords the query held nothing but function words ("how do I"), which keywords do not match
     */
    public record Results(List<Hit> ranked, int queryTokens, boolean queryTruncated, Fusion.Weights weights,
                          boolean onlyFunctionWords) {
        /** The hits grouped under their notes: notes in the order of their best hit. */
        public List<NoteHits> notes() {
            return group(ranked);
        }

        /** Whether any hit is a strong match. */
        public boolean anyStrong() {
            return ranked.stream().anyMatch(hit -> hit.strength() == MatchStrength.Level.STRONG);
        }
    }

    /**
     * The lists a query draws from, before they are ranked: computed once, they can be ranked in
     * every mode and with every fusion, which is how {@code eval} compares them.
     *
     * @param similarities the cosine of the question and each keyword hit the vector list does not hold, by
     *                     {@link StoredChunk#key()}, for as many as a ranking of the request's limit can show
     */
    public record Candidates(List<RankedChunk> vector, List<RankedChunk> keyword, Map<String, Double> similarities,
                             int queryTokens, boolean queryTruncated) {
        public Candidates {
            similarities = Map.copyOf(similarities);
        }
    }

    private final Embedder embedder;
    private final SearchTuning tuning;

    public SearchNotes(Embedder embedder, SearchTuning tuning) {
        this.embedder = Objects.requireNonNull(embedder, "embedder");
        this.tuning = Objects.requireNonNull(tuning, "tuning");
    }

    public Results search(ChunkIndexReader index, Request request) {
        return rank(candidates(index, request, request.mode()), request, tuning.fusion(), tuning.strength());
    }

    /**
     * The vector and keyword lists that {@code mode} needs for {@code request}; hybrid needs both, and
     * asks for the keyword list on another thread while this one embeds the question (loading the model,
     * the first time) and asks for the vector list: a store's reader answers calls from several threads
     * at once, as a server's readers always have.
     */
    public Candidates candidates(ChunkIndexReader index, Request request, Mode mode) {
        if (mode == Mode.KEYWORD && !(index instanceof KeywordSearch)) {
            throw new IllegalArgumentException("this index cannot search by keywords, only by meaning (vector mode)");
        }
        int candidates = Math.max(50, request.limit() * 4);
        CompletableFuture<List<RankedChunk>> keyword = CompletableFuture.completedFuture(List.of());
        if (mode != Mode.VECTOR && index instanceof KeywordSearch keywords) {
            Supplier<List<RankedChunk>> leg = () -> keywords.keywords(request.query(), candidates, request.filter());
            keyword = mode == Mode.HYBRID ? CompletableFuture.supplyAsync(leg, KeywordLeg.THREADS)
                    : CompletableFuture.completedFuture(leg.get());
        }
        List<RankedChunk> vector = List.of();
        Embedding query;
        try {
            // Every mode embeds the question: a keyword hit's strength needs its similarity too.
            query = embedder.embedQuery(KeywordQuery.of(request.query()).meaning());
            if (mode != Mode.KEYWORD) {
                vector = index.nearest(query.vector(), candidates, request.filter());
            }
        } catch (RuntimeException e) {
            keyword.cancel(false);
            throw e;
        }
        List<RankedChunk> keywords = KeywordLeg.join(keyword);
        return new Candidates(vector, keywords, similarities(index, query.vector(), vector, keywords, request.limit()),
                query.tokens(), query.truncated());
    }

    /** The threads keyword lists are asked for on, and how their answer is waited for. */
    private static final class KeywordLeg {
        static final Executor THREADS = Executors.newCachedThreadPool(task -> {
            Thread thread = new Thread(task, "bearings-keyword-search");
            thread.setDaemon(true);
            return thread;
        });

        /** The list, or what the search threw, as it threw it. */
        static List<RankedChunk> join(CompletableFuture<List<RankedChunk>> keyword) {
            try {
                return keyword.join();
            } catch (CompletionException e) {
                if (e.getCause() instanceof RuntimeException cause) {
                    throw cause;
                }
                if (e.getCause() instanceof Error error) {
                    throw error;
                }
                throw e;
            }
        }
    }

    /**
     * The cosine of the question and each keyword hit that the vector list does not hold, among the first
     * {@code limit} keyword hits (no later one can be ranked within the limit: every keyword hit above it
     * outranks it), from the vectors the index stores for their text, found by the hash of the text as
     * embedded; a passage whose stored vector is not found that way is embedded again.
     */
    private Map<String, Double> similarities(ChunkIndexReader index, float[] query, List<RankedChunk> vector,
                                             List<RankedChunk> keyword, int limit) {
        Set<String> found = new HashSet<>();
        vector.forEach(hit -> found.add(hit.chunk().key()));
        IndexRecipe recipe = index.manifest().recipe();
        Map<String, String> embeddedByKey = new LinkedHashMap<>();
        for (RankedChunk hit : keyword.subList(0, Math.min(limit, keyword.size()))) {
            if (!found.contains(hit.chunk().key())) {
                embeddedByKey.put(hit.chunk().key(), embedded(recipe, hit.chunk()));
            }
        }
        if (embeddedByKey.isEmpty()) {
            return Map.of();
        }
        Map<String, String> hashByKey = new HashMap<>();
        embeddedByKey.forEach((key, text) -> hashByKey.put(key, SyncIndex.sha256(text)));
        Map<String, float[]> stored = index.vectorsByHash(hashByKey.values());
        Map<String, Double> similarities = new HashMap<>();
        List<String> missing = new ArrayList<>();
        hashByKey.forEach((key, hash) -> {
            float[] vectorOfText = stored.get(hash);
            if (vectorOfText != null && vectorOfText.length == query.length) {
                similarities.put(key, Vectors.dot(query, vectorOfText));
            } else {
                missing.add(key);
            }
        });
        if (!missing.isEmpty()) {
            List<Embedding> again = embedder.embed(missing.stream().map(embeddedByKey::get).toList());
            for (int i = 0; i < missing.size(); i++) {
                similarities.put(missing.get(i), Vectors.dot(query, again.get(i).vector()));
            }
        }
        return similarities;
    }

    /** A stored chunk's text as it was embedded, prefix included ({@link SyncIndex}); the bare text when its path cannot be read back. */
    private static String embedded(IndexRecipe recipe, StoredChunk chunk) {
        Optional<HeadingPath> path = HeadingPath.parse(chunk.headingPath());
        return path.map(p -> recipe.prefix(chunk.note().title(), chunk.attachment()).apply(p, chunk.text())).orElse(chunk.text());
    }

    /**
     * Ranks the candidates in {@code request}'s mode, fusing them with {@code fusion} in hybrid mode, and
     * says each hit's strength by {@code strength}. A passage that holds what the query keeps out
     * ({@code -word}) is left out, whichever list found it.
     */
    public static Results rank(Candidates candidates, Request request, Fusion fusion, MatchStrength strength) {
        KeywordQuery keywords = KeywordQuery.of(request.query());
        Set<String> terms = Snippets.terms(request.query());
        Map<String, Double> similarity = new HashMap<>(candidates.similarities());
        candidates.vector().forEach(hit -> similarity.putIfAbsent(hit.chunk().key(), hit.score()));
        Map<String, Double> keywordScore = new HashMap<>();
        candidates.keyword().forEach(hit -> keywordScore.putIfAbsent(hit.chunk().key(), hit.score()));
        List<Hit> hits = new ArrayList<>();
        Mode mode = request.mode();
        Fusion.Weights weights = mode == Mode.VECTOR ? Fusion.Weights.VECTOR_ONLY : Fusion.Weights.KEYWORD_ONLY;
        List<Fusion.Fused> ranked = new ArrayList<>();
        if (mode == Mode.HYBRID) {
            Fusion.Ranking ranking = fusion.fuse(request.query(), candidates.vector(), candidates.keyword());
            weights = ranking.weights();
            ranked.addAll(ranking.hits());
        } else {
            List<RankedChunk> list = mode == Mode.VECTOR ? candidates.vector() : candidates.keyword();
            for (int i = 0; i < list.size(); i++) {
                ranked.add(new Fusion.Fused(list.get(i).chunk(), list.get(i).score(), mode == Mode.VECTOR ? i + 1 : 0,
                        mode == Mode.KEYWORD ? i + 1 : 0));
            }
        }
        for (Fusion.Fused fused : ranked) {
            if (hits.size() == request.limit()) {
                break;
            }
            if (!keywords.excluded().isEmpty() && holds(fused.chunk(), keywords.excluded())) {
                continue;
            }
            String key = fused.chunk().key();
            double cosine = similarity.getOrDefault(key, Double.NaN);
            hits.add(new Hit(fused.chunk(), fused.score(),
                    fused.vectorRank() > 0 ? OptionalInt.of(fused.vectorRank()) : OptionalInt.empty(),
                    fused.keywordRank() > 0 ? OptionalInt.of(fused.keywordRank()) : OptionalInt.empty(), cosine,
                    strength.of(cosine, keywordScore.getOrDefault(key, 0.0)), terms));
        }
        return new Results(List.copyOf(hits), candidates.queryTokens(), candidates.queryTruncated(), weights,
                keywords.onlyFunctionWords());
    }

    /** Whether the chunk holds any spelling of any of the clauses, as snippets mark words. */
    private static boolean holds(StoredChunk chunk, List<KeywordQuery.Clause> clauses) {
        String text = chunk.headingPath() + "\n" + chunk.text();
        for (KeywordQuery.Clause clause : clauses) {
            for (KeywordQuery.Form form : clause.forms()) {
                if (Snippets.holds(text, form.prefix() ? form.words().get(0) + "*" : form.text())) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Notes in the order of their best hit; each note's hits in score order. */
    static List<NoteHits> group(List<Hit> hits) {
        Map<String, List<Hit>> byNote = new LinkedHashMap<>();
        Map<String, IndexedNote> notes = new LinkedHashMap<>();
        for (Hit hit : hits) {
            String key = hit.chunk().note().source() + "\u0000" + hit.chunk().note().id();
            byNote.computeIfAbsent(key, k -> new ArrayList<>()).add(hit);
            notes.putIfAbsent(key, hit.chunk().note());
        }
        List<NoteHits> grouped = new ArrayList<>();
        byNote.forEach((key, noteHits) -> grouped.add(new NoteHits(notes.get(key), List.copyOf(noteHits))));
        return grouped;
    }
}
