package dev.bearings.core.usecase;

import dev.bearings.core.chunk.Chunk;
import dev.bearings.core.chunk.ChunkPrefix;
import dev.bearings.core.chunk.Chunker;
import dev.bearings.core.embed.Embedder;
import dev.bearings.core.embed.Embedding;
import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.index.IndexedChunk;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.note.IndexedNote;
import dev.bearings.core.markdown.MarkdownDocument;
import dev.bearings.core.markdown.MarkdownParser;
import dev.bearings.core.note.Note;
import dev.bearings.core.source.NoteFingerprint;
import dev.bearings.core.source.NoteSource;
import dev.bearings.core.source.SourceException;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Use case: bring an index up to date with a source, doing as little as possible. Unchanged notes
 * (same fingerprint version) are not read; notes gone from the source are deleted; changed notes are
 * chunked again, and only chunks whose embedded text is new are embedded (vectors are reused by the
 * SHA-256 of that text). Each note is replaced in one transaction, so a killed run leaves a
 * consistent index that the next run completes.
 */
public final class SyncIndex {
    /** Notes prepared together, so their new chunks are embedded in shared batches. */
    private static final int NOTES_PER_ROUND = 16;

    private final MarkdownParser parser;
    private final IndexRecipe recipe;
    private final Chunker chunker;
    private final Embedder embedder;
    private final Clock clock;

    /** Chunks and embeds as {@code recipe} says, with {@code parser} and {@code embedder}, which it names. */
    public SyncIndex(MarkdownParser parser, IndexRecipe recipe, Embedder embedder, Clock clock) {
        this.parser = Objects.requireNonNull(parser, "parser");
        this.recipe = Objects.requireNonNull(recipe, "recipe");
        this.embedder = Objects.requireNonNull(embedder, "embedder");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.chunker = recipe.chunker(embedder);
    }

    /** Hears how a sync goes, for a progress bar; called from the syncing thread. */
    public interface Progress {
        Progress NONE = new Progress() {
        };

        default void planned(int notesToIndex) {
        }

        default void noteDone(String noteId, int chunks) {
        }
    }

    /**
     * @param skipped  notes left out, by reason (from the source, and unreadable ones)
     * @param deferred changed notes left for a later sync because the deadline came first
     * @param unreadable each note that could not be read, as {@code id: reason}
     */
    public record Report(String source, int added, int changed, int removed, int unchanged, int chunksEmbedded,
                         int chunksReused, Map<String, Integer> skipped, int deferred, List<String> unreadable,
                         Duration took, Map<String, String> passedOver) {
        /**
         * @param passedOver the notes that could not be read, each at the version it could not be read at: until it
         *                   changes, such a note is no change for {@link #changes(NoteSource, ChunkIndexReader, Map)}
         */
        public Report {
            passedOver = passedOver == null ? Map.of() : Map.copyOf(passedOver);
        }
    }

    /** What a source has that the index has not caught up with: notes new or changed, and notes gone. */
    public record Changes(List<NoteFingerprint> listed, List<NoteFingerprint> pending, List<String> gone) {
        public boolean isEmpty() {
            return pending.isEmpty() && gone.isEmpty();
        }
    }

    /**
     * Compares the source's fingerprints with the versions the index holds, reading no note: cheap
     * enough to run before every search.
     */
    public static Changes changes(NoteSource source, ChunkIndexReader index) throws SourceException {
        return changes(source, index, Map.of());
    }

    /**
     * The same, the notes the last sync could not read (at the version it could not read them) no change: a
     * note that cannot be read is not pending for ever.
     */
    public static Changes changes(NoteSource source, ChunkIndexReader index, Map<String, String> passedOver) throws SourceException {
        return changes(source.list(), index.versions(source.name()), passedOver);
    }

    private static Changes changes(List<NoteFingerprint> listed, Map<String, String> stored, Map<String, String> passedOver) {
        Set<String> listedIds = new HashSet<>();
        List<NoteFingerprint> pending = new ArrayList<>();
        for (NoteFingerprint fingerprint : listed) {
            listedIds.add(fingerprint.id());
            if (!fingerprint.version().equals(stored.get(fingerprint.id()))
                    && !fingerprint.version().equals(passedOver.get(fingerprint.id()))) {
                pending.add(fingerprint);
            }
        }
        List<String> gone = new ArrayList<>();
        for (String id : stored.keySet()) {
            if (!listedIds.contains(id)) {
                gone.add(id);
            }
        }
        return new Changes(List.copyOf(listed), List.copyOf(pending), List.copyOf(gone));
    }

    public Report sync(NoteSource source, ChunkIndex index, Progress progress) throws SourceException {
        return sync(source, index, progress, Instant.MAX);
    }

    /**
     * Syncs until {@code deadline}, checked between rounds of notes: notes not reached are reported as
     * deferred and the sync is not marked complete, so the next one picks them up.
     */
    public Report sync(NoteSource source, ChunkIndex index, Progress progress, Instant deadline) throws SourceException {
        Instant started = clock.instant();
        List<NoteFingerprint> listed = source.list();
        Map<String, String> versions = index.versions(source.name());
        Set<String> stored = versions.keySet();
        Changes changes = changes(listed, versions, Map.of());
        List<NoteFingerprint> pending = changes.pending();
        for (String id : changes.gone()) {
            index.deleteNote(source.name(), id);
        }
        progress.planned(pending.size());
        Counts counts = new Counts();
        Map<String, Integer> skipped = new TreeMap<>(source.skipped());
        int done = 0;
        List<String> unreadable = new ArrayList<>(source.passedOver());
        Map<String, String> passedOver = new TreeMap<>();
        for (int from = 0; from < pending.size(); from += NOTES_PER_ROUND) {
            if (from > 0 && clock.instant().isAfter(deadline)) {
                break;
            }
            done = Math.min(pending.size(), from + NOTES_PER_ROUND);
            List<Prepared> round = new ArrayList<>();
            for (NoteFingerprint fingerprint : pending.subList(from, Math.min(pending.size(), from + NOTES_PER_ROUND))) {
                try {
                    Optional<Note> note = source.read(fingerprint.id());
                    if (note.isPresent()) {
                        round.add(prepareOrRefuse(source.name(), fingerprint, note.get()));
                    } else {
                        skipped.merge("vanished while indexing", 1, Integer::sum);
                    }
                } catch (NoteSource.UnreadableNote e) {
                    skipped.merge(e.reason(), 1, Integer::sum);
                    unreadable.add(e.getMessage());
                    passedOver.put(fingerprint.id(), fingerprint.version());
                    if (stored.contains(fingerprint.id())) {
                        index.deleteNote(source.name(), fingerprint.id());
                    }
                }
            }
            Map<String, float[]> vectors = vectorsFor(round, index, counts);
            for (Prepared prepared : round) {
                List<IndexedChunk> chunks = new ArrayList<>(prepared.pieces.size());
                for (Piece piece : prepared.pieces) {
                    chunks.add(new IndexedChunk(piece.ordinal, piece.headingPath, piece.startLine, piece.endLine,
                            piece.text, piece.hash, vectors.get(piece.hash), piece.attachment));
                }
                index.replaceNote(prepared.note, chunks);
                if (stored.contains(prepared.note.id())) {
                    counts.changed++;
                } else {
                    counts.added++;
                }
                progress.noteDone(prepared.note.id(), chunks.size());
            }
        }
        int deferred = pending.size() - done;
        if (deferred == 0) {
            index.markSynced(clock.instant());
        }
        int unchanged = changes.listed().size() - pending.size();
        return new Report(source.name(), counts.added, counts.changed, changes.gone().size(), unchanged, counts.embedded,
                counts.reused, skipped, deferred, List.copyOf(unreadable), Duration.between(started, clock.instant()), passedOver);
    }

    private Map<String, float[]> vectorsFor(List<Prepared> round, ChunkIndex index, Counts counts) {
        Map<String, String> textsByHash = new LinkedHashMap<>();
        int pieces = 0;
        for (Prepared prepared : round) {
            for (Piece piece : prepared.pieces) {
                textsByHash.putIfAbsent(piece.hash, piece.embeddedText);
                pieces++;
            }
        }
        Map<String, float[]> vectors = new HashMap<>(index.vectorsByHash(textsByHash.keySet()));
        List<String> missingHashes = new ArrayList<>();
        for (String hash : textsByHash.keySet()) {
            if (!vectors.containsKey(hash)) {
                missingHashes.add(hash);
            }
        }
        List<String> texts = missingHashes.stream().map(textsByHash::get).toList();
        List<Embedding> embedded = texts.isEmpty() ? List.of() : embedder.embed(texts);
        for (int i = 0; i < missingHashes.size(); i++) {
            vectors.put(missingHashes.get(i), embedded.get(i).vector());
        }
        counts.embedded += missingHashes.size();
        counts.reused += pieces - missingHashes.size();
        return vectors;
    }

    /**
     * A note that breaks the parser or the chunker is one unreadable note, not a failed run. Deep
     * nesting can exhaust a parser's stack (flexmark's regular expressions on 10,000 list markers in
     * a line), so a stack overflow is caught here too: it unwinds cleanly and leaves nothing behind.
     */
    private Prepared prepareOrRefuse(String sourceName, NoteFingerprint fingerprint, Note note)
            throws NoteSource.UnreadableNote {
        try {
            return prepare(sourceName, fingerprint, note);
        } catch (StackOverflowError e) {
            throw new NoteSource.UnreadableNote(note.id(), "is nested too deeply to parse");
        } catch (RuntimeException e) {
            throw new NoteSource.UnreadableNote(note.id(), "cannot be parsed (" + dev.bearings.core.source.Failure.of(e) + ")");
        }
    }

    private Prepared prepare(String sourceName, NoteFingerprint fingerprint, Note note) {
        MarkdownDocument document = MarkdownDocument.parse(note.text(), parser);
        String title = document.title(note.title());
        List<Piece> pieces = new ArrayList<>();
        addPieces(document, recipe.prefix(title, ""), "", pieces);
        for (Note.Attachment attachment : note.attachments()) {
            MarkdownDocument text = MarkdownDocument.parse(attachment.text(), parser);
            addPieces(text, recipe.prefix(title, attachment.name()), attachment.name(), pieces);
        }
        IndexedNote indexed = new IndexedNote(sourceName, note.id(), fingerprint.version(), title, note.tags(),
                note.modified(), note.link());
        return new Prepared(indexed, pieces);
    }

    private void addPieces(MarkdownDocument document, ChunkPrefix prefix, String attachment, List<Piece> pieces) {
        for (Chunk chunk : chunker.chunk(document, prefix)) {
            String embedded = chunk.embedded();
            pieces.add(new Piece(pieces.size(), chunk.headingPath().toString(), chunk.lines().first(),
                    chunk.lines().last(), chunk.text(), embedded, sha256(embedded), attachment));
        }
    }

    /** The hash a chunk's vector is stored and found under: of its text as embedded, prefix and all. */
    public static String sha256(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            StringBuilder hex = new StringBuilder(64);
            for (byte b : digest) {
                hex.append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
            }
            return hex.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK always has SHA-256", e);
        }
    }

    private record Piece(int ordinal, String headingPath, int startLine, int endLine, String text,
                         String embeddedText, String hash, String attachment) {
    }

    private record Prepared(IndexedNote note, List<Piece> pieces) {
    }

    private static final class Counts {
        int added;
        int changed;
        int embedded;
        int reused;
    }
}
