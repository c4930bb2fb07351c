package dev.bearings.eval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bearings.core.note.Note;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.GZIPInputStream;

/**
 * An evaluation dataset as notes, queries and judgements.
 *
 * @param notes              the documents as notes
 * @param queries            query id to text, in file order
 * @param gold               query id to judged items: a note id and its grade (document level), or a
 *                           gold passage key of {@code spans} (passage level)
 * @param spans              the gold passages by key, as notes and lines; empty at document level
 * @param groups             query id to the kind of question it is, where the dataset says (the
 *                           personal notes' synonym, paraphrase, ...); results are also reported per kind
 * @param skipsQueryDocument whether a retrieved note whose id is the query's own is skipped before
 *                           scoring (BEIR's ignore-identical-ids rule: ArguAna's queries are documents)
 * @param unanswerable       questions the notes do not answer, by id, in file order: a search should find no
 *                           strong match for them (none judged, none in {@code queries})
 */
public record EvalDataset(String name, List<Note> notes, Map<String, String> queries, Map<String, Map<String, Integer>> gold,
                          Map<String, GoldSpan> spans, Map<String, String> groups, boolean skipsQueryDocument,
                          Map<String, String> unanswerable) {
    private static final ObjectMapper JSON = new ObjectMapper();

    public EvalDataset {
        notes = List.copyOf(notes);
        queries = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(queries));
        gold = Map.copyOf(gold);
        spans = Map.copyOf(spans);
        groups = Map.copyOf(groups);
        unanswerable = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(unanswerable));
    }

    /** A dataset whose every question is answered. */
    public EvalDataset(String name, List<Note> notes, Map<String, String> queries, Map<String, Map<String, Integer>> gold,
                       Map<String, GoldSpan> spans, Map<String, String> groups, boolean skipsQueryDocument) {
        this(name, notes, queries, gold, spans, groups, skipsQueryDocument, Map.of());
    }

    /** A dataset without kinds of question whose queries are not documents. */
    public EvalDataset(String name, List<Note> notes, Map<String, String> queries, Map<String, Map<String, Integer>> gold,
                       Map<String, GoldSpan> spans) {
        this(name, notes, queries, gold, spans, Map.of(), false);
    }

    /** A gold passage of a Markdown file, as 1-based lines. */
    public record GoldSpan(String noteId, int firstLine, int lastLine) {
    }

    public boolean byPassage() {
        return !spans.isEmpty();
    }

    /**
     * BEIR layout: corpus.jsonl[.gz], queries.jsonl, qrels/{split}.tsv; a document is a note titled by
     * the document's title (none when it has none). As BEIR scores, a query's own document is skipped.
     */
    public static EvalDataset beir(Path dir, String split, int maxQueries, int distractors) throws IOException {
        Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
        for (String[] row : tsv(dir.resolve("qrels").resolve(split + ".tsv"))) {
            qrels.computeIfAbsent(row[0], q -> new LinkedHashMap<>()).put(row[1], Integer.parseInt(row[2]));
        }
        Map<String, String> queries = new LinkedHashMap<>();
        for (JsonNode q : jsonLines(dir.resolve("queries.jsonl"))) {
            if (qrels.containsKey(q.get("_id").asText()) && queries.size() < maxQueries) {
                queries.put(q.get("_id").asText(), q.get("text").asText());
            }
        }
        qrels.keySet().retainAll(queries.keySet());
        Set<String> wanted = new LinkedHashSet<>();
        qrels.values().forEach(m -> wanted.addAll(m.keySet()));
        Path corpus = Files.exists(dir.resolve("corpus.jsonl")) ? dir.resolve("corpus.jsonl") : dir.resolve("corpus.jsonl.gz");
        List<Note> notes = new ArrayList<>();
        int others = 0;
        for (JsonNode doc : jsonLines(corpus)) {
            String id = doc.get("_id").asText();
            boolean judged = wanted.contains(id);
            if (judged || others < distractors) {
                others += judged ? 0 : 1;
                String title = doc.path("title").asText("");
                notes.add(new Note(id, title.strip(), doc.get("text").asText(), Set.of(), Instant.EPOCH, "beir:" + id, List.of()));
            }
        }
        return new EvalDataset(dir.getFileName().toString(), notes, queries, qrels, Map.of(), Map.of(), true);
    }

    /**
     * The same documents as a folder of exported notes would hold them: each named by its id (a
     * file name that says nothing, like a Zettelkasten id), its title, where it has one, as a leading
     * {@code # } heading.
     */
    public EvalDataset namedById() {
        List<Note> renamed = notes.stream().map(n -> new Note(n.id(), n.id(),
                (n.title().isBlank() ? "" : "# " + n.title() + "\n\n") + n.text(), n.tags(), n.modified(), n.link(),
                n.attachments())).toList();
        return new EvalDataset(name + " (named by id)", renamed, queries, gold, spans, groups, skipsQueryDocument, unanswerable);
    }

    /** ObliQA layout: markdown/*.md, passages.jsonl (code-point spans), queries-dev.jsonl, qrels-passage-dev.tsv. */
    public static EvalDataset obliqa(Path dir, int maxQueries) throws IOException {
        Map<String, Note> notes = new LinkedHashMap<>();
        Map<String, int[]> lineOfCodePoint = new HashMap<>();
        try (var files = Files.list(dir.resolve("markdown"))) {
            for (Path file : files.sorted().toList()) {
                String text = Files.readString(file);
                String id = file.getFileName().toString();
                notes.put(id, new Note(id, id.replaceFirst("\\.md$", ""), text, Set.of(), Instant.EPOCH, "obliqa:" + id, List.of()));
                lineOfCodePoint.put(id, lines(text));
            }
        }
        Map<String, List<JsonNode>> passages = new HashMap<>();
        for (JsonNode p : jsonLines(dir.resolve("passages.jsonl"))) {
            passages.computeIfAbsent(p.get("doc_id").asText() + "|" + p.get("passage_id").asText(), k -> new ArrayList<>()).add(p);
        }
        Map<String, Map<String, Integer>> gold = new LinkedHashMap<>();
        Map<String, GoldSpan> spans = new HashMap<>();
        for (String[] row : tsv(dir.resolve("qrels-passage-dev.tsv"))) {
            List<JsonNode> matching = passages.getOrDefault(row[1] + "|" + row[2], List.of());
            for (int i = 0; i < matching.size(); i++) {
                JsonNode p = matching.get(i);
                String file = p.get("file").asText();
                int[] lines = lineOfCodePoint.get(file);
                if (lines == null) {
                    continue;
                }
                int start = Math.min(p.get("start").asInt(), lines.length - 1);
                int end = Math.min(Math.max(p.get("end").asInt() - 1, start), lines.length - 1);
                String key = row[1] + "|" + row[2] + "|" + i;
                spans.put(key, new GoldSpan(file, lines[start], lines[end]));
                gold.computeIfAbsent(row[0], q -> new LinkedHashMap<>()).put(key, 1);
            }
        }
        Map<String, String> queries = new LinkedHashMap<>();
        for (JsonNode q : jsonLines(dir.resolve("queries-dev.jsonl"))) {
            if (gold.containsKey(q.get("_id").asText()) && queries.size() < maxQueries) {
                queries.put(q.get("_id").asText(), q.get("text").asText());
            }
        }
        gold.keySet().retainAll(queries.keySet());
        List<Note> indexed = List.copyOf(notes.values());
        if (maxQueries < Integer.MAX_VALUE) {
            // A slice indexes only the rulebooks its queries' gold passages are in.
            Set<String> files = new LinkedHashSet<>();
            gold.values().forEach(keys -> keys.keySet().forEach(k -> files.add(spans.get(k).noteId())));
            indexed = indexed.stream().filter(n -> files.contains(n.id())).toList();
        }
        return new EvalDataset("obliqa-dev", indexed, queries, gold, spans);
    }

    /** 1-based line of each code point of a text (plus one past the end). */
    private static int[] lines(String text) {
        int[] lines = new int[text.codePointCount(0, text.length()) + 1];
        int line = 1;
        int cp = 0;
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            lines[cp++] = line;
            if (c == '\n') {
                line++;
            }
            i += Character.charCount(c);
        }
        lines[cp] = line;
        return lines;
    }

    static List<String[]> tsv(Path file) throws IOException {
        List<String[]> rows = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            String[] cells = line.split("\t");
            if (!line.isBlank() && !cells[0].equals("query-id")) {
                rows.add(cells);
            }
        }
        return rows;
    }

    static List<JsonNode> jsonLines(Path file) throws IOException {
        List<JsonNode> rows = new ArrayList<>();
        try (InputStream raw = Files.newInputStream(file);
             InputStream in = file.toString().endsWith(".gz") ? new GZIPInputStream(raw) : raw;
             BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (!line.isBlank()) {
                    rows.add(JSON.readTree(line));
                }
            }
        }
        return rows;
    }
}
