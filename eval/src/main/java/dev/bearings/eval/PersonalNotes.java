package dev.bearings.eval;

import com.fasterxml.jackson.databind.JsonNode;
import dev.bearings.core.chunk.LineRange;
import dev.bearings.core.chunk.NoteSections;
import dev.bearings.core.markdown.MarkdownDocument;
import dev.bearings.core.markdown.MarkdownParser;
import dev.bearings.core.note.Note;
import dev.bearings.core.source.NoteFingerprint;
import dev.bearings.core.source.NoteSource;
import dev.bearings.core.source.SourceException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A personal-notes evaluation set: a vault of notes read through a real note source, and questions judged
 * at note level and at section level, each of a kind (synonym, paraphrase, howto, multi, exact, tag). The
 * project's own set ({@code eval/personal-notes}) is frozen ({@link #checksum} identifies it) and judges a
 * section with its sub-sections, as it was written; any other set in this layout, such as the shared
 * {@code personal-notes-b}, is read as that set's README says: a heading stands for the text directly
 * under it, {@code ""} for the opening text of a note before its first heading, and a tag question is
 * judged by note at both levels.
 */
public final class PersonalNotes {
    /** Beside {@code questions.jsonl}, optional: questions the notes do not answer, {@code {"id", "text"}} a line. */
    public static final String UNANSWERABLE = "unanswerable.jsonl";
    /** The checksum of the set as it was frozen, before any tuning (docs/decisions/0002-fusion-and-model.md). */
    public static final String FROZEN_CHECKSUM = "001389f8f2b9cb6bcff28f4c9d5b7bc0c87778f88e140d0801883c03e3a92fef";

    /** How finely an answer is judged. */
    public enum Level {
        /** The notes that answer a question. */
        NOTE("personal-notes", ""),
        /** The sections that answer it: a chunk counts when its lines overlap one. */
        SECTION("personal-sections", "-sections");

        private final String ownName;
        private final String suffix;

        Level(String ownName, String suffix) {
            this.ownName = ownName;
            this.suffix = suffix;
        }
    }

    private PersonalNotes() {
    }

    /**
     * The set as a dataset.
     *
     * @param dir    the set's folder: {@code notes/} and {@code questions.jsonl}
     * @param source the notes of {@code dir/notes} as a note source reads them (titles, tags)
     * @param parser finds the judged sections' lines
     */
    public static EvalDataset load(Path dir, NoteSource source, MarkdownParser parser, Level level, int maxQueries)
            throws IOException, SourceException {
        boolean own = checksum(dir).equals(FROZEN_CHECKSUM);
        Map<String, Note> notes = new LinkedHashMap<>();
        for (NoteFingerprint fingerprint : source.list()) {
            try {
                source.read(fingerprint.id()).ifPresent(note -> notes.put(note.id(), note));
            } catch (NoteSource.UnreadableNote e) {
                throw new IOException("the personal-notes set has an unreadable note " + fingerprint.id() + ": " + e.getMessage(), e);
            }
        }
        Map<String, String> queries = new LinkedHashMap<>();
        Map<String, Map<String, Integer>> gold = new LinkedHashMap<>();
        Map<String, EvalDataset.GoldSpan> spans = new LinkedHashMap<>();
        Map<String, String> groups = new LinkedHashMap<>();
        for (JsonNode q : EvalDataset.jsonLines(dir.resolve("questions.jsonl"))) {
            if (queries.size() >= maxQueries) {
                break;
            }
            String id = q.get("id").asText();
            Map<String, Integer> judged = new LinkedHashMap<>();
            if (level == Level.NOTE) {
                for (JsonNode noteId : q.get("notes")) {
                    judged.put(known(notes, noteId.asText(), id).id(), 1);
                }
            } else {
                boolean byNote = !own && q.get("kind").asText().equals("tag");
                for (JsonNode section : q.get("sections")) {
                    Note note = known(notes, section.get("note").asText(), id);
                    String heading = section.get("heading").asText();
                    MarkdownDocument document = MarkdownDocument.parse(note.text(), parser);
                    Optional<LineRange> found = byNote ? Optional.of(new LineRange(1, Math.max(1, document.source().lineCount())))
                            : own ? NoteSections.find(document, heading) : NoteSections.directText(document, heading);
                    LineRange lines = found.orElseThrow(() -> new IOException("question " + id + ": note " + note.id()
                            + " has no section '" + heading + "'"));
                    String key = note.id() + "|" + heading;
                    spans.put(key, new EvalDataset.GoldSpan(note.id(), lines.first(), lines.last()));
                    judged.put(key, 1);
                }
            }
            queries.put(id, q.get("text").asText());
            gold.put(id, judged);
            groups.put(id, q.get("kind").asText());
        }
        String name = own ? level.ownName : dir.toAbsolutePath().normalize().getFileName() + level.suffix;
        // Questions the notes do not answer are asked once, with the set at note level.
        Map<String, String> unanswerable = new LinkedHashMap<>();
        if (level == Level.NOTE && Files.isRegularFile(dir.resolve(UNANSWERABLE))) {
            for (JsonNode q : EvalDataset.jsonLines(dir.resolve(UNANSWERABLE))) {
                if (q.path("id").asText("").isBlank() || q.path("text").asText("").isBlank()) {
                    throw new IOException(dir.resolve(UNANSWERABLE) + " has a line without an id or a text: " + q);
                }
                unanswerable.put(q.get("id").asText(), q.get("text").asText());
            }
        }
        return new EvalDataset(name, List.copyOf(notes.values()), queries, gold, spans, groups, false, unanswerable);
    }

    private static Note known(Map<String, Note> notes, String noteId, String question) throws IOException {
        Note note = notes.get(noteId);
        if (note == null) {
            throw new IOException("question " + question + " names the note " + noteId + ", which the set does not have");
        }
        return note;
    }

    /**
     * What a run says of the set it measured: its checksum, and whether that is the frozen set's, the project's
     * own set changed since it was frozen, or another set.
     *
     * @param projectSet the folder of the project's own set
     */
    public static String notice(Path dir, Path projectSet) throws IOException {
        String checksum = checksum(dir);
        boolean own = dir.toAbsolutePath().normalize().equals(projectSet.toAbsolutePath().normalize());
        return "personal-notes set " + dir + ": sha256 " + checksum + (checksum.equals(FROZEN_CHECKSUM) ? " (the project's frozen set)"
                : own ? " (CHANGED from the frozen set " + FROZEN_CHECKSUM + ")" : "");
    }

    /**
     * SHA-256 over the set's files in path order ({@code notes/...}, then {@code questions.jsonl}),
     * each as its path, a zero byte and the SHA-256 of its bytes.
     */
    public static String checksum(Path dir) throws IOException {
        List<String> paths = new ArrayList<>();
        try (Stream<Path> files = Files.walk(dir.resolve("notes"))) {
            files.filter(Files::isRegularFile).forEach(f -> paths.add(dir.relativize(f).toString().replace('\\', '/')));
        }
        paths.sort(null);
        paths.add("questions.jsonl");
        try {
            MessageDigest all = MessageDigest.getInstance("SHA-256");
            for (String path : paths) {
                all.update(path.getBytes(StandardCharsets.UTF_8));
                all.update((byte) 0);
                all.update(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(dir.resolve(path))));
            }
            return HexFormat.of().formatHex(all.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }
}
