package com.example.bearings.store;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bearings.core.embed.Vectors;
import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.ChunkIndexStore.IndexUnreadableException;
import dev.bearings.core.index.ChunkIndexStore.IndexUnreadableException.Problem;
import dev.bearings.core.index.IndexManifest;
import dev.bearings.core.index.IndexStats;
import dev.bearings.core.index.IndexedChunk;
import dev.bearings.core.note.IndexedNote;
import dev.bearings.core.search.RankedChunk;
import dev.bearings.core.search.SearchFilter;
import dev.bearings.core.search.StoredChunk;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * An index as a folder of JSON files: {@code manifest.json}, and one file per note holding the note
 * and its chunks, written to a temporary file and renamed over the old one, so a note is replaced
 * whole or not at all. Vector search reads every file; there is no keyword search (the optional
 * {@link dev.bearings.core.search.KeywordSearch} is simply not implemented, so hybrid search uses the
 * vectors alone). Small and slow: an example of the port, not a store for a real vault.
 */
final class JsonFolderIndex implements ChunkIndex {
    static final int FORMAT_VERSION = 1;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path folder;
    private final IndexManifest manifest;
    private final boolean writable;

    /** What one note file holds. */
    record NoteFile(String source, String id, String version, String title, Set<String> tags, long modified, String link,
                    List<ChunkFile> chunks) {
    }

    record ChunkFile(int ordinal, String headingPath, int startLine, int endLine, String text, String contentHash,
                     float[] vector, String attachment) {
    }

    JsonFolderIndex(Path folder, IndexManifest manifest, boolean writable) {
        this.folder = folder;
        this.manifest = manifest;
        this.writable = writable;
    }

    static Optional<IndexManifest> readManifest(Path folder) throws IndexUnreadableException {
        Path file = folder.resolve("manifest.json");
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(IndexManifest.ofFields(JSON.readValue(file.toFile(), new TypeReference<Map<String, String>>() {
            })));
        } catch (IOException | RuntimeException e) {
            throw new IndexUnreadableException(folder, Problem.DAMAGED, "manifest.json is not a JSON folder index manifest", e);
        }
    }

    static void writeManifest(Path folder, IndexManifest manifest) throws IOException {
        Files.createDirectories(folder.resolve("notes"));
        writeAtomically(folder.resolve("manifest.json"), JSON.writeValueAsBytes(new TreeMap<>(manifest.fields())));
    }

    private static void writeAtomically(Path target, byte[] bytes) throws IOException {
        Path partial = Files.createTempFile(target.getParent(), "partial", ".tmp");
        Files.write(partial, bytes);
        Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private Path fileOf(String source, String id) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest((source + "\u0000" + id).getBytes(StandardCharsets.UTF_8));
            return folder.resolve("notes").resolve(HexFormat.of().formatHex(digest) + ".json");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private List<NoteFile> all() {
        try (Stream<Path> files = Files.list(folder.resolve("notes"))) {
            List<NoteFile> notes = new ArrayList<>();
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                notes.add(JSON.readValue(file.toFile(), NoteFile.class));
            }
            return notes;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the index at " + folder, e);
        }
    }

    private static IndexedNote indexed(NoteFile n) {
        return new IndexedNote(n.source(), n.id(), n.version(), n.title(), n.tags(), Instant.ofEpochMilli(n.modified()), n.link());
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
        List<ChunkFile> files = new ArrayList<>();
        for (IndexedChunk c : chunks) {
            if (c.vector().length != manifest.dimension()) {
                throw new IllegalArgumentException("a vector of " + c.vector().length + " dimensions in an index of "
                        + manifest.dimension());
            }
            files.add(new ChunkFile(c.ordinal(), c.headingPath(), c.startLine(), c.endLine(), c.text(), c.contentHash(),
                    c.vector(), c.attachment()));
        }
        NoteFile file = new NoteFile(note.source(), note.id(), note.version(), note.title(), note.tags(),
                note.modified().toEpochMilli(), note.link(), files);
        try {
            writeAtomically(fileOf(note.source(), note.id()), JSON.writeValueAsBytes(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write to the index at " + folder, e);
        }
    }

    @Override
    public synchronized void deleteNote(String source, String noteId) {
        checkWritable();
        try {
            Files.deleteIfExists(fileOf(source, noteId));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write to the index at " + folder, e);
        }
    }

    @Override
    public synchronized void markSynced(Instant at) {
        checkWritable();
        try {
            writeAtomically(folder.resolve("last-sync.txt"), at.toString().getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write to the index at " + folder, e);
        }
    }

    @Override
    public Map<String, String> versions(String source) {
        Map<String, String> versions = new HashMap<>();
        all().stream().filter(n -> n.source().equals(source)).forEach(n -> versions.put(n.id(), n.version()));
        return versions;
    }

    @Override
    public List<IndexedNote> notes() {
        return all().stream().map(JsonFolderIndex::indexed)
                .sorted(Comparator.comparing(IndexedNote::source).thenComparing(IndexedNote::id)).toList();
    }

    @Override
    public Map<String, float[]> vectorsByHash(Collection<String> contentHashes) {
        Map<String, float[]> vectors = new HashMap<>();
        for (NoteFile note : all()) {
            for (ChunkFile chunk : note.chunks()) {
                if (contentHashes.contains(chunk.contentHash())) {
                    vectors.putIfAbsent(chunk.contentHash(), chunk.vector());
                }
            }
        }
        return vectors;
    }

    @Override
    public List<RankedChunk> nearest(float[] query, int limit, SearchFilter filter) {
        List<RankedChunk> hits = new ArrayList<>();
        for (NoteFile file : all()) {
            IndexedNote note = indexed(file);
            if (!filter.matches(note.source(), note.tags(), note.modified())) {
                continue;
            }
            for (ChunkFile chunk : file.chunks()) {
                hits.add(new RankedChunk(new StoredChunk(note, chunk.ordinal(), chunk.headingPath(), chunk.startLine(),
                        chunk.endLine(), chunk.text(), chunk.attachment()), Vectors.dot(query, chunk.vector())));
            }
        }
        return hits.stream().sorted(Comparator.comparingDouble(RankedChunk::score).reversed()).limit(limit).toList();
    }

    @Override
    public IndexStats stats() {
        Map<String, Integer> bySource = new TreeMap<>();
        int chunks = 0;
        for (NoteFile note : all()) {
            bySource.merge(note.source(), 1, Integer::sum);
            chunks += note.chunks().size();
        }
        try {
            Path lastSync = folder.resolve("last-sync.txt");
            Optional<Instant> synced = Files.exists(lastSync) ? Optional.of(Instant.parse(Files.readString(lastSync)))
                    : Optional.empty();
            return new IndexStats(bySource, chunks, IndexStats.bytesOnDisk(folder), synced);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the index at " + folder, e);
        }
    }

    @Override
    public void close() {
        // Every change is already a file of its own.
    }
}
