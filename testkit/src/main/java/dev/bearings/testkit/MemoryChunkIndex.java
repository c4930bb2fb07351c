package dev.bearings.testkit;

import dev.bearings.core.embed.Vectors;
import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.index.IndexManifest;
import dev.bearings.core.index.IndexMismatchException;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.index.ChunkIndexStore.IndexUnreadableException.Problem;
import dev.bearings.core.index.IndexStats;
import dev.bearings.core.index.IndexedChunk;
import dev.bearings.core.note.IndexedNote;
import dev.bearings.core.search.CjkBigrams;
import dev.bearings.core.search.KeywordQuery;
import dev.bearings.core.search.KeywordSearch;
import dev.bearings.core.search.RankedChunk;
import dev.bearings.core.search.SearchFilter;
import dev.bearings.core.search.StoredChunk;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The simplest {@link ChunkIndex} that keeps the port's promises: the whole index in memory, written
 * whole to one file ({@value #FILE_NAME}) after every change (a temporary file, then an atomic rename,
 * so a killed writer leaves the old file or the new one), exact vector search, and keyword search by
 * BM25 over lower-cased words with a crude English suffix stripper. It passes the same
 * {@link ChunkIndexContract} and {@link KeywordSearchContract} as the real stores, so it is what a
 * third-party store can start from, and what tests of the use cases run on when they need no engine.
 * Fine for thousands of chunks, not for a real vault.
 */
public final class MemoryChunkIndex implements ChunkIndex, KeywordSearch {
    public static final String FILE_NAME = "memory-index.bin";
    public static final int FORMAT_VERSION = 1;
    private static final String MAGIC = "bearings memory index";
    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}]+");
    private static final Set<String> STOP_WORDS = Set.of("a", "an", "and", "are", "as", "at", "be", "by", "for", "in",
            "is", "it", "of", "on", "or", "the", "to", "was", "with");
    /** BM25's usual constants. */
    private static final double K1 = 1.2;
    private static final double B = 0.75;
    /** Words of the heading path count for half a word of the text. */
    private static final double HEADING_WEIGHT = 0.5;

    private final Path folder;
    private final IndexManifest manifest;
    private final boolean writable;
    private final Map<String, Entry> notes;
    private Instant lastSync;

    private record Entry(IndexedNote note, List<IndexedChunk> chunks) {
    }

    private MemoryChunkIndex(Path folder, IndexManifest manifest, boolean writable, Map<String, Entry> notes,
                             Instant lastSync) {
        this.folder = folder;
        this.manifest = manifest;
        this.writable = writable;
        this.notes = notes;
        this.lastSync = lastSync;
    }

    /** The store: opens memory indexes in folders. */
    public static ChunkIndexStore store() {
        return new ChunkIndexStore() {
            @Override
            public int formatVersion() {
                return FORMAT_VERSION;
            }

            @Override
            public ChunkIndexReader openExisting(Path folder) throws IndexUnreadableException {
                if (!Files.isRegularFile(folder.resolve(FILE_NAME))) {
                    throw new IndexUnreadableException(folder, Problem.ABSENT, "there is no index here yet", null);
                }
                return load(folder, false);
            }

            @Override
            public ChunkIndex open(Path folder, IndexRecipe recipe, boolean rebuild)
                    throws IndexMismatchException, IndexUnreadableException {
                IndexManifest wanted = manifest(recipe);
                Path file = folder.resolve(FILE_NAME);
                try {
                    Files.createDirectories(folder);
                    if (rebuild) {
                        Files.deleteIfExists(file);
                    }
                } catch (IOException e) {
                    throw new IndexUnreadableException(folder, Problem.UNWRITABLE, "the folder cannot be written (" + e + ")", e);
                }
                if (!Files.exists(file)) {
                    MemoryChunkIndex created = new MemoryChunkIndex(folder, wanted, true, new TreeMap<>(), null);
                    created.save();
                    return created;
                }
                MemoryChunkIndex existing = load(folder, true);
                existing.manifest.requireSameAs(wanted, folder);
                return existing;
            }
        };
    }

    private static MemoryChunkIndex load(Path folder, boolean writable) throws ChunkIndexStore.IndexUnreadableException {
        Path file = folder.resolve(FILE_NAME);
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
            if (!MAGIC.equals(in.readUTF())) {
                throw new IOException("no " + MAGIC + " header");
            }
            Map<String, String> fields = new TreeMap<>();
            int fieldCount = in.readInt();
            for (int f = 0; f < fieldCount; f++) {
                fields.put(in.readUTF(), in.readUTF());
            }
            IndexManifest manifest = IndexManifest.ofFields(fields);
            Instant lastSync = in.readBoolean() ? Instant.parse(in.readUTF()) : null;
            Map<String, Entry> notes = new TreeMap<>();
            int noteCount = in.readInt();
            for (int n = 0; n < noteCount; n++) {
                IndexedNote note = readNote(in);
                int chunkCount = in.readInt();
                List<IndexedChunk> chunks = new ArrayList<>(chunkCount);
                for (int c = 0; c < chunkCount; c++) {
                    chunks.add(readChunk(in));
                }
                notes.put(key(note.source(), note.id()), new Entry(note, List.copyOf(chunks)));
            }
            return new MemoryChunkIndex(folder, manifest, writable, notes, lastSync);
        } catch (IOException | RuntimeException e) {
            throw new ChunkIndexStore.IndexUnreadableException(folder, Problem.DAMAGED,
                    "the file is not a Bearings memory index or is damaged", e);
        }
    }

    private static IndexedNote readNote(DataInputStream in) throws IOException {
        String source = in.readUTF();
        String id = in.readUTF();
        String version = in.readUTF();
        String title = in.readUTF();
        Set<String> tags = new HashSet<>();
        int tagCount = in.readInt();
        for (int t = 0; t < tagCount; t++) {
            tags.add(in.readUTF());
        }
        return new IndexedNote(source, id, version, title, tags, Instant.ofEpochMilli(in.readLong()), in.readUTF());
    }

    private static IndexedChunk readChunk(DataInputStream in) throws IOException {
        int ordinal = in.readInt();
        String headingPath = in.readUTF();
        int startLine = in.readInt();
        int endLine = in.readInt();
        String text = readLong(in);
        String hash = in.readUTF();
        float[] vector = new float[in.readInt()];
        for (int d = 0; d < vector.length; d++) {
            vector[d] = in.readFloat();
        }
        return new IndexedChunk(ordinal, headingPath, startLine, endLine, text, hash, vector, in.readUTF());
    }

    /** Writes everything to a temporary file, then renames it over the index file. */
    private void save() {
        try {
            Path partial = Files.createTempFile(folder, "memory-index", ".part");
            try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(partial)))) {
                out.writeUTF(MAGIC);
                Map<String, String> fields = manifest.fields();
                out.writeInt(fields.size());
                for (Map.Entry<String, String> field : fields.entrySet()) {
                    out.writeUTF(field.getKey());
                    out.writeUTF(field.getValue());
                }
                out.writeBoolean(lastSync != null);
                if (lastSync != null) {
                    out.writeUTF(lastSync.toString());
                }
                out.writeInt(notes.size());
                for (Entry entry : notes.values()) {
                    writeNote(out, entry.note());
                    out.writeInt(entry.chunks().size());
                    for (IndexedChunk chunk : entry.chunks()) {
                        writeChunk(out, chunk);
                    }
                }
            }
            Files.move(partial, folder.resolve(FILE_NAME), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the index at " + folder, e);
        }
    }

    private static void writeNote(DataOutputStream out, IndexedNote note) throws IOException {
        out.writeUTF(note.source());
        out.writeUTF(note.id());
        out.writeUTF(note.version());
        out.writeUTF(note.title());
        out.writeInt(note.tags().size());
        for (String tag : note.tags()) {
            out.writeUTF(tag);
        }
        out.writeLong(note.modified().toEpochMilli());
        out.writeUTF(note.link());
    }

    private static void writeChunk(DataOutputStream out, IndexedChunk chunk) throws IOException {
        out.writeInt(chunk.ordinal());
        out.writeUTF(chunk.headingPath());
        out.writeInt(chunk.startLine());
        out.writeInt(chunk.endLine());
        writeLong(out, chunk.text());
        out.writeUTF(chunk.contentHash());
        out.writeInt(chunk.vector().length);
        for (float v : chunk.vector()) {
            out.writeFloat(v);
        }
        out.writeUTF(chunk.attachment());
    }

    /** {@code writeUTF} holds at most 64 KB: a chunk's text may be longer. */
    private static void writeLong(DataOutputStream out, String text) throws IOException {
        byte[] bytes = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static String readLong(DataInputStream in) throws IOException {
        byte[] bytes = new byte[in.readInt()];
        in.readFully(bytes);
        return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
    }

    private static String key(String source, String id) {
        return source + "\u0000" + id;
    }

    private void checkWritable() {
        if (!writable) {
            throw new IllegalStateException("the index at " + folder + " was opened for reading");
        }
    }

    @Override
    public IndexManifest manifest() {
        return manifest;
    }

    @Override
    public synchronized void replaceNote(IndexedNote note, Collection<IndexedChunk> chunks) {
        checkWritable();
        for (IndexedChunk chunk : chunks) {
            manifest.requireDimension(chunk.vector(), "vector");
        }
        notes.put(key(note.source(), note.id()), new Entry(note, List.copyOf(chunks)));
        save();
    }

    @Override
    public synchronized void deleteNote(String source, String noteId) {
        checkWritable();
        if (notes.remove(key(source, noteId)) != null) {
            save();
        }
    }

    @Override
    public synchronized void markSynced(Instant at) {
        checkWritable();
        lastSync = at;
        save();
    }

    @Override
    public synchronized Map<String, String> versions(String source) {
        Map<String, String> versions = new HashMap<>();
        for (Entry entry : notes.values()) {
            if (entry.note().source().equals(source)) {
                versions.put(entry.note().id(), entry.note().version());
            }
        }
        return versions;
    }

    @Override
    public synchronized List<IndexedNote> notes() {
        return notes.values().stream().map(Entry::note)
                .sorted(Comparator.comparing(IndexedNote::source).thenComparing(IndexedNote::id)).toList();
    }

    @Override
    public synchronized Map<String, float[]> vectorsByHash(Collection<String> contentHashes) {
        Set<String> wanted = new HashSet<>(contentHashes);
        Map<String, float[]> vectors = new HashMap<>();
        for (Entry entry : notes.values()) {
            for (IndexedChunk chunk : entry.chunks()) {
                if (wanted.contains(chunk.contentHash())) {
                    vectors.putIfAbsent(chunk.contentHash(), chunk.vector().clone());
                }
            }
        }
        return vectors;
    }

    @Override
    public synchronized List<RankedChunk> nearest(float[] query, int limit, SearchFilter filter) {
        manifest.requireDimension(query, "query");
        List<RankedChunk> scored = new ArrayList<>();
        for (Entry entry : matching(filter)) {
            for (IndexedChunk chunk : entry.chunks()) {
                scored.add(new RankedChunk(stored(entry.note(), chunk), Vectors.dot(query, chunk.vector())));
            }
        }
        return best(scored, limit);
    }

    @Override
    public synchronized List<RankedChunk> keywords(String query, int limit, SearchFilter filter) {
        KeywordQuery keywords = KeywordQuery.of(query);
        if (keywords.isEmpty()) {
            return List.of();
        }
        // Each clause's occurrences in every chunk, text and heading path: what BM25 takes as one term.
        List<IndexedChunk> all = new ArrayList<>();
        Map<IndexedChunk, double[]> occurrences = new IdentityHashMap<>();
        Map<IndexedChunk, Double> lengths = new IdentityHashMap<>();
        Map<IndexedChunk, IndexedNote> owners = new IdentityHashMap<>();
        List<KeywordQuery.Clause> clauses = keywords.clauses();
        double totalLength = 0;
        for (Entry entry : notes.values()) {
            for (IndexedChunk chunk : entry.chunks()) {
                List<String> text = words(chunk.text());
                List<String> headings = words(chunk.headingPath());
                double[] tf = new double[clauses.size()];
                for (int c = 0; c < clauses.size(); c++) {
                    tf[c] = occurrences(clauses.get(c), text) + HEADING_WEIGHT * occurrences(clauses.get(c), headings);
                }
                boolean excluded = false;
                for (KeywordQuery.Clause out : keywords.excluded()) {
                    excluded |= occurrences(out, text) + occurrences(out, headings) > 0;
                }
                all.add(chunk);
                occurrences.put(chunk, excluded ? null : tf);
                owners.put(chunk, entry.note());
                double length = text.size() + HEADING_WEIGHT * headings.size();
                lengths.put(chunk, length);
                totalLength += length;
            }
        }
        double averageLength = all.isEmpty() ? 1 : totalLength / all.size();
        int documents = all.size();
        // One occurrence at average length scores the clause's idf: the sum of them is a full match.
        double[] idf = new double[clauses.size()];
        double fullMatch = 0;
        for (int c = 0; c < clauses.size(); c++) {
            int df = 0;
            for (IndexedChunk chunk : all) {
                double[] tf = occurrences.get(chunk);
                df += tf != null && tf[c] > 0 || tf == null && holds(chunk, clauses.get(c)) ? 1 : 0;
            }
            idf[c] = Math.log(1 + (documents - df + 0.5) / (df + 0.5));
            fullMatch += idf[c];
        }
        Set<IndexedNote> allowed = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
        matching(filter).forEach(entry -> allowed.add(entry.note()));
        List<RankedChunk> scored = new ArrayList<>();
        for (IndexedChunk chunk : all) {
            double[] tf = occurrences.get(chunk);
            if (tf == null || !allowed.contains(owners.get(chunk))) {
                continue;
            }
            double score = 0;
            boolean missingRequired = false;
            for (int c = 0; c < clauses.size(); c++) {
                double f = tf[c];
                missingRequired |= clauses.get(c).required() && f == 0;
                if (f > 0) {
                    score += idf[c] * f * (K1 + 1) / (f + K1 * (1 - B + B * lengths.get(chunk) / averageLength));
                }
            }
            if (score > 0 && !missingRequired) {
                scored.add(new RankedChunk(stored(owners.get(chunk), chunk), score / fullMatch));
            }
        }
        return best(scored, limit);
    }

    /** Whether a chunk holds the clause, in its text or heading path. */
    private static boolean holds(IndexedChunk chunk, KeywordQuery.Clause clause) {
        return occurrences(clause, words(chunk.text())) + occurrences(clause, words(chunk.headingPath())) > 0;
    }

    /** How often any spelling of the clause occurs in the words: a word, words in a row, or words a prefix begins. */
    private static int occurrences(KeywordQuery.Clause clause, List<String> words) {
        int count = 0;
        for (KeywordQuery.Form form : clause.forms()) {
            if (form.prefix()) {
                String prefix = form.words().get(0);
                count += (int) words.stream().filter(w -> w.startsWith(prefix)).count();
                continue;
            }
            List<String> inRow = words(form.text());
            if (inRow.isEmpty()) {
                continue;
            }
            for (int i = 0; i + inRow.size() <= words.size(); i++) {
                if (words.subList(i, i + inRow.size()).equals(inRow)) {
                    count++;
                }
            }
        }
        return count;
    }

    /**
     * The words of a text as keyword search compares them: lower case, stop words out, suffixes
     * stripped; Japanese, Chinese and Korean as bigrams.
     */
    static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        Matcher m = WORD.matcher(CjkBigrams.segment(text).toLowerCase(Locale.ROOT));
        while (m.find()) {
            if (!STOP_WORDS.contains(m.group())) {
                words.add(stem(m.group()));
            }
        }
        return words;
    }

    /** Enough of English stemming for notes: feeding and feed, certificates and certificate, configure and configuring. */
    static String stem(String word) {
        String w = word;
        for (String suffix : new String[]{"ing", "ed", "es", "s"}) {
            if (w.endsWith(suffix) && w.length() - suffix.length() >= 3) {
                w = w.substring(0, w.length() - suffix.length());
                break;
            }
        }
        return w.length() > 3 && w.endsWith("e") ? w.substring(0, w.length() - 1) : w;
    }

    private List<Entry> matching(SearchFilter filter) {
        return notes.values().stream()
                .filter(e -> filter.matches(e.note().source(), e.note().tags(), e.note().modified())).toList();
    }

    /** Best first; equal scores keep the index's order (by source, note id, then chunk). */
    private static List<RankedChunk> best(List<RankedChunk> scored, int limit) {
        return scored.stream().sorted(Comparator.comparingDouble(RankedChunk::score).reversed()).limit(limit).toList();
    }

    private static StoredChunk stored(IndexedNote note, IndexedChunk chunk) {
        return new StoredChunk(note, chunk.ordinal(), chunk.headingPath(), chunk.startLine(), chunk.endLine(), chunk.text(),
                chunk.attachment());
    }

    @Override
    public synchronized IndexStats stats() {
        Map<String, Integer> bySource = new TreeMap<>();
        int chunks = 0;
        for (Entry entry : notes.values()) {
            bySource.merge(entry.note().source(), 1, Integer::sum);
            chunks += entry.chunks().size();
        }
        try {
            return new IndexStats(bySource, chunks, IndexStats.bytesOnDisk(folder.resolve(FILE_NAME)),
                    Optional.ofNullable(lastSync));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot measure the index at " + folder, e);
        }
    }

    @Override
    public void close() {
        // Every change is already on disk.
    }
}
