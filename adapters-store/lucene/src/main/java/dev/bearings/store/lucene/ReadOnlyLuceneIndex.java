package dev.bearings.store.lucene;

import dev.bearings.core.index.IndexManifest;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.store.Directory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/** A Lucene index opened for reading: the last commit, without the writer's lock. */
final class ReadOnlyLuceneIndex extends LuceneReader {
    private final Directory directory;
    private final DirectoryReader reader;
    private final Map<String, String> commitData;

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
