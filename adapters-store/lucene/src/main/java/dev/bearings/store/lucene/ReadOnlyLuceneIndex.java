package dev.bearings.store.lucene;

import dev.bearings.core.index.IndexManifest;
import dev.bearings.core.note.IndexedNote;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.store.Directory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** A Lucene index opened for reading: the last commit, without the writer's lock. */
final class ReadOnlyLuceneIndex extends LuceneReader {
    private final Directory directory;
    private final DirectoryReader reader;
    private final Map<String, String> commitData;
    private final Map<String, Map<String, String>> versions = new ConcurrentHashMap<>();
    private List<IndexedNote> notes;

    ReadOnlyLuceneIndex(Path folder, Directory directory, DirectoryReader reader, IndexManifest manifest,
                        Map<String, String> commitData) {
        super(folder, manifest);
        this.directory = directory;
        this.reader = reader;
        this.commitData = Map.copyOf(commitData);
    }

    @Override
    <T> T read(LuceneDocuments.Reading<T> reading) throws IOException {
        return reading.read(searcher(reader));
    }

    /*
     * One commit never changes, so what is read of all its notes is read once: a server asks for these
     * on every index_status, and each read decompresses the stored fields of every note.
     */
    @Override
    public Map<String, String> versions(String source) {
        return versions.computeIfAbsent(source, s -> Map.copyOf(super.versions(s)));
    }

    @Override
    public synchronized List<IndexedNote> notes() {
        if (notes == null) {
            notes = List.copyOf(super.notes());
        }
        return notes;
    }

    @Override
    Optional<Instant> lastSync() {
        return Optional.ofNullable(commitData.get(LuceneChunkIndex.LAST_SYNC)).map(Instant::parse);
    }

    @Override
    public void close() {
        try {
            reader.close();
            directory.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the index at " + folder, e);
        }
    }
}
