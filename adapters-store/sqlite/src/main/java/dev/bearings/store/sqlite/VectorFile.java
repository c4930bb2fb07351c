package dev.bearings.store.sqlite;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;

/**
 * The index's vectors in a file of their own beside the database ({@value #NAME}), made from it and
 * read where they lie: a process maps each vector's signs (one bit a dimension, 4.8 MB at 100,000
 * chunks of 384 dimensions) and reads whole vectors only for the rows it scores exactly, so opening an
 * index copies no vector into the heap, and a long-running server's memory does not grow with the
 * vectors it has read (they are read, not mapped). Rows are in the order of the chunks' ids.
 *
 * <p>A search scores every kept row by its signs against the query ({@code sum of q[d] * sign(v[d])},
 * from a table of the query's sums for each byte of signs), then the best {@link #rescored} of them
 * by their exact dot product, as {@link ExactScan} scores them: an index of no more rows than that is
 * searched exactly. The file is stamped with the database's vector stamp; a file of another stamp is
 * not read.
 */
final class VectorFile implements AutoCloseable {
    /**
     * Named as SQLite's own files beside the database are, so that whatever treats those as the index's
     * (an index folder narrowed to its owner) treats this one alike.
     */
    static final String NAME = "bearings.sqlite-vectors";
    /** "BRGVECS1", little-endian. */
    private static final long MAGIC = ByteBuffer.wrap("BRGVECS1".getBytes(StandardCharsets.US_ASCII))
            .order(ByteOrder.LITTLE_ENDIAN).getLong();
    private static final int HEADER = 64;
    /** Rows scored exactly at least, and per result asked for. */
    static final int RESCORED_AT_LEAST = 1_000;
    static final int RESCORED_PER_RESULT = 20;
    /** Rows whose signs are copied out of the mapped file at a time. */
    private static final int BLOCK = 1024;
    /** Below this many rows one core scores the signs sooner than handing out the work. */
    static final int SPLIT_FROM = 32_768;
    /**
     * Rows read in one call when they are near each other: at most this many bytes apart, and in all. Small:
     * the JDK keeps a native buffer of a read's size for each thread that reads (a server has many).
     */
    private static final int GAP = 8 * 1024;
    private static final int SPAN = 16 * 1024;
    /** What the file is read by a window at a time when it is made again: one thread, once a sync. */
    private static final int WINDOW = 256 * 1024;

    private final Path file;
    private final FileChannel channel;
    private final long stamp;
    private final int dimension;
    private final int rows;
    private final int words;
    private final LongBuffer ids;
    private final LongBuffer hashes;
    private final LongBuffer signs;
    private final long vectorsAt;
    /** The index's hold on the file and the scans running on it: closed when the last lets go. */
    private final AtomicInteger holds = new AtomicInteger(1);

    private VectorFile(Path file, FileChannel channel, long stamp, int dimension, int rows, MappedByteBuffer mapped) {
        this.file = file;
        this.channel = channel;
        this.stamp = stamp;
        this.dimension = dimension;
        this.rows = rows;
        this.words = words(dimension);
        mapped.order(ByteOrder.LITTLE_ENDIAN);
        this.ids = slice(mapped, HEADER, rows);
        this.hashes = slice(mapped, HEADER + 8L * rows, rows);
        this.signs = slice(mapped, HEADER + 16L * rows, (long) rows * words);
        this.vectorsAt = signsEnd(rows, words);
    }

    private static LongBuffer slice(MappedByteBuffer mapped, long from, long longs) {
        return mapped.slice((int) from, (int) (longs * 8)).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer();
    }

    private static int words(int dimension) {
        return (dimension + 63) / 64;
    }

    private static long signsEnd(int rows, int words) {
        return HEADER + 16L * rows + 8L * rows * words;
    }

    private static long size(int rows, int dimension) {
        return signsEnd(rows, words(dimension)) + 4L * rows * dimension;
    }

    /**
     * The file in {@code folder} when it holds vectors of {@code dimension} stamped {@code stamp}, mapped;
     * empty when there is none, or it is of another stamp, dimension or layout, or cut short.
     */
    static Optional<VectorFile> open(Path folder, long stamp, int dimension) throws IOException {
        return open(folder, OptionalLong.of(stamp), dimension);
    }

    /** The file in {@code folder}, whatever its stamp: to take the vectors it holds into the next one. */
    static Optional<VectorFile> openAnyStamp(Path folder, int dimension) throws IOException {
        return open(folder, OptionalLong.empty(), dimension);
    }

    private static Optional<VectorFile> open(Path folder, OptionalLong stamp, int dimension) throws IOException {
        Path file = folder.resolve(NAME);
        FileChannel channel;
        try {
            channel = FileChannel.open(file, StandardOpenOption.READ);
        } catch (NoSuchFileException absent) {
            return Optional.empty();
        }
        try {
            ByteBuffer header = ByteBuffer.allocate(HEADER).order(ByteOrder.LITTLE_ENDIAN);
            while (header.hasRemaining() && channel.read(header, header.position()) > 0) {
                // until the header is read, or the file ends
            }
            int rows = header.position() < HEADER ? -1 : header.getInt(20);
            if (rows < 0 || header.getLong(0) != MAGIC || stamp.isPresent() && header.getLong(8) != stamp.getAsLong()
                    || header.getInt(16) != dimension || channel.size() != size(rows, dimension)) {
                channel.close();
                return Optional.empty();
            }
            MappedByteBuffer mapped = channel.map(FileChannel.MapMode.READ_ONLY, 0, signsEnd(rows, words(dimension)));
            return Optional.of(new VectorFile(file, channel, header.getLong(8), dimension, rows, mapped));
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    long stamp() {
        return stamp;
    }

    int rows() {
        return rows;
    }

    long id(int row) {
        return ids.get(row);
    }

    long hash(int row) {
        return hashes.get(row);
    }

    /** Reads rows in ascending order a window at a time: one call a window, not one a row. */
    Ahead ahead() {
        return new Ahead();
    }

    /** {@link #ahead}. */
    final class Ahead {
        private final ByteBuffer window = ByteBuffer.allocate(Math.max(WINDOW, 4 * dimension)).order(ByteOrder.LITTLE_ENDIAN);
        private final float[] floats = new float[window.capacity() / 4];
        private int first = -1;
        private int count;

        float[] vector(int row) throws IOException {
            if (row < first || row >= first + count) {
                count = Math.min(rows - row, window.capacity() / (4 * dimension));
                window.clear().limit(count * 4 * dimension);
                readFully(window, vectorsAt + 4L * dimension * row);
                window.flip();
                window.asFloatBuffer().get(floats, 0, count * dimension);
                first = row;
            }
            return Arrays.copyOfRange(floats, (row - first) * dimension, (row - first + 1) * dimension);
        }
    }

    /** How many rows a search for {@code limit} scores exactly. */
    static int rescored(int limit) {
        return Math.max(RESCORED_AT_LEAST, limit * RESCORED_PER_RESULT);
    }

    /**
     * Of the rows {@code keep} accepts, the {@code limit} with the highest dot product with {@code query},
     * best first, ties by row; the scores exact.
     */
    List<ExactScan.Hit> nearest(float[] query, int limit, IntPredicate keep) throws IOException {
        if (query.length != dimension) {
            throw new IllegalArgumentException("the query has " + query.length + " dimensions, the vectors " + dimension);
        }
        int[] candidates = bySigns(query, rescored(limit), keep);
        Arrays.sort(candidates);
        return exact(query, candidates, limit);
    }

    /** The rows, at most {@code wanted}, that score best by their signs, in no order. */
    int[] bySigns(float[] query, int wanted, IntPredicate keep) {
        float[] table = signTable(query);
        int parts = rows < SPLIT_FROM ? 1 : Runtime.getRuntime().availableProcessors();
        List<TopRows> found = IntStream.range(0, parts).parallel()
                .mapToObj(p -> bySigns(table, wanted, keep, (int) ((long) rows * p / parts), (int) ((long) rows * (p + 1) / parts)))
                .toList();
        TopRows best = new TopRows(wanted);
        for (TopRows part : found) {
            part.forEach(best::offer);
        }
        return best.rows();
    }

    /**
     * For each byte of a row's signs, the sum of the query's values at the dimensions whose bits are set:
     * a row's score is then one lookup a byte. (Scoring the set bits ranks as {@code q . sign(v)} does.)
     */
    private float[] signTable(float[] query) {
        int bytes = words * 8;
        float[] table = new float[bytes * 256];
        for (int k = 0; k < bytes; k++) {
            int at = k * 256;
            for (int b = 1; b < 256; b++) {
                int d = 8 * k + Integer.numberOfTrailingZeros(b);
                table[at + b] = table[at + (b & (b - 1))] + (d < dimension ? query[d] : 0);
            }
        }
        return table;
    }

    /**
     * The signs are copied a block of rows at a time into an array (one bulk copy), which both compilers
     * read faster than the mapped file a long at a time; a row is offered only when it beats the worst
     * kept, as most rows do not.
     */
    private TopRows bySigns(float[] table, int wanted, IntPredicate keep, int from, int to) {
        TopRows best = new TopRows(wanted);
        long[] block = new long[Math.min(BLOCK, Math.max(1, to - from)) * words];
        for (int first = from; first < to; first += BLOCK) {
            int count = Math.min(BLOCK, to - first);
            signs.get(first * words, block, 0, count * words);
            float floor = best.floor();
            for (int i = 0; i < count; i++) {
                float s0 = 0;
                float s1 = 0;
                int base = i * words;
                for (int w = 0; w < words; w++) {
                    long bits = block[base + w];
                    int t = w * 2048;
                    s0 += table[t + (int) (bits & 0xff)] + table[t + 256 + (int) ((bits >>> 8) & 0xff)]
                            + table[t + 512 + (int) ((bits >>> 16) & 0xff)] + table[t + 768 + (int) ((bits >>> 24) & 0xff)];
                    s1 += table[t + 1024 + (int) ((bits >>> 32) & 0xff)] + table[t + 1280 + (int) ((bits >>> 40) & 0xff)]
                            + table[t + 1536 + (int) ((bits >>> 48) & 0xff)] + table[t + 1792 + (int) (bits >>> 56)];
                }
                float score = s0 + s1;
                if (score > floor && keep.test(first + i)) {
                    best.offer(first + i, score);
                    floor = best.floor();
                }
            }
        }
        return best;
    }

    /** The rows (ascending) scored exactly, reading rows that lie near each other in one call. */
    private List<ExactScan.Hit> exact(float[] query, int[] rowsAscending, int limit) throws IOException {
        long rowBytes = 4L * dimension;
        TopRows best = new TopRows(limit);
        ByteBuffer bytes = ByteBuffer.allocate((int) Math.max(SPAN, rowBytes)).order(ByteOrder.LITTLE_ENDIAN);
        float[] vectors = new float[bytes.capacity() / 4];
        int i = 0;
        while (i < rowsAscending.length) {
            int first = rowsAscending[i];
            int j = i + 1;
            while (j < rowsAscending.length && (rowsAscending[j] - rowsAscending[j - 1]) * rowBytes <= GAP
                    && (rowsAscending[j] - first + 1) * rowBytes <= bytes.capacity()) {
                j++;
            }
            int last = rowsAscending[j - 1];
            bytes.clear().limit((int) ((last - first + 1) * rowBytes));
            readFully(bytes, vectorsAt + first * rowBytes);
            bytes.flip();
            bytes.asFloatBuffer().get(vectors, 0, (last - first + 1) * dimension);
            for (int k = i; k < j; k++) {
                int row = rowsAscending[k];
                best.offer(row, ExactScan.dot(vectors, (row - first) * dimension, query));
            }
            i = j;
        }
        return best.bestFirst();
    }

    private void readFully(ByteBuffer into, long position) throws IOException {
        long at = position;
        while (into.hasRemaining()) {
            int read = channel.read(into, at);
            if (read < 0) {
                throw new IOException("the vector file " + file + " ends before its row at byte " + at);
            }
            at += read;
        }
    }

    /** A scan starts on the file: it stays open until the scan is {@link #done}. */
    void use() {
        if (holds.getAndIncrement() == 0) {
            throw new IllegalStateException("the vector file " + file + " is closed");
        }
    }

    /** A scan, or the index, lets go of the file. */
    void done() {
        if (holds.decrementAndGet() == 0) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // a file only read: nothing is lost
            }
        }
    }

    @Override
    public void close() {
        done();
    }

    /** Rows to write, in the order of their ids: each one's id, content-hash fingerprint and vector. */
    interface Rows {
        int count();

        long id(int row);

        long hash(int row);

        float[] vector(int row) throws IOException;
    }

    /**
     * Writes {@code rows} as the file of {@code folder}, stamped {@code stamp}: to a temporary file
     * first, moved into place whole, so that a reader never maps a file half written.
     */
    static void write(Path folder, long stamp, int dimension, Rows rows) throws IOException {
        int count = rows.count();
        int words = words(dimension);
        Path partial = Files.createTempFile(folder, NAME + "-", ".tmp");
        try {
            sameAccessAs(folder.resolve(SqliteChunkIndex.FILE_NAME), partial);
            try (FileChannel out = FileChannel.open(partial, StandardOpenOption.WRITE)) {
                ByteBuffer header = ByteBuffer.allocate(HEADER).order(ByteOrder.LITTLE_ENDIAN);
                header.putLong(MAGIC).putLong(stamp).putInt(dimension).putInt(count).position(HEADER).flip();
                write(out, header, 0);
                ByteBuffer section = ByteBuffer.allocate(8 * count).order(ByteOrder.LITTLE_ENDIAN);
                for (int row = 0; row < count; row++) {
                    section.putLong(rows.id(row));
                }
                write(out, section.flip(), HEADER);
                section.clear();
                for (int row = 0; row < count; row++) {
                    section.putLong(rows.hash(row));
                }
                write(out, section.flip(), HEADER + 8L * count);
                long[] signs = new long[count * words];
                ByteBuffer vectors = ByteBuffer.allocate(WINDOW).order(ByteOrder.LITTLE_ENDIAN);
                long at = signsEnd(count, words);
                for (int row = 0; row < count; row++) {
                    float[] vector = rows.vector(row);
                    if (vector.length != dimension) {
                        throw new IllegalArgumentException("row " + row + " has " + vector.length + " dimensions, not " + dimension);
                    }
                    if (vectors.remaining() < 4 * dimension) {
                        at += write(out, vectors.flip(), at);
                        vectors.clear();
                    }
                    for (int d = 0; d < dimension; d++) {
                        vectors.putFloat(vector[d]);
                        if (vector[d] > 0) {
                            signs[row * words + d / 64] |= 1L << (d % 64);
                        }
                    }
                }
                write(out, vectors.flip(), at);
                ByteBuffer signBytes = ByteBuffer.allocate(8 * signs.length).order(ByteOrder.LITTLE_ENDIAN);
                signBytes.asLongBuffer().put(signs);
                write(out, signBytes, HEADER + 16L * count);
                out.force(false);
            }
            Files.move(partial, folder.resolve(NAME), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(partial);
        }
    }

    /** Who may read the vectors is who may read the database (a temporary file is its owner's alone). */
    private static void sameAccessAs(Path database, Path file) throws IOException {
        try {
            Files.setPosixFilePermissions(file, Files.getPosixFilePermissions(database));
        } catch (UnsupportedOperationException | NoSuchFileException notPosixOrNoDatabase) {
            // Windows keeps access lists on the folder; without a database there is nothing to match
        }
    }

    private static long write(FileChannel out, ByteBuffer bytes, long position) throws IOException {
        long written = 0;
        while (bytes.hasRemaining()) {
            written += out.write(bytes, position + written);
        }
        return written;
    }

    /** The files a writer of this file leaves, or is writing: its own, and temporary ones. */
    static boolean isOurs(String fileName) {
        return fileName.equals(NAME) || fileName.startsWith(NAME + "-") && fileName.endsWith(".tmp");
    }

    /** A bounded min-heap of rows by score: the best {@code capacity} offered, ties to the lower row. */
    static final class TopRows {
        private final int capacity;
        private final int[] rows;
        private final float[] scores;
        private int size;

        TopRows(int capacity) {
            this.capacity = capacity;
            this.rows = new int[capacity];
            this.scores = new float[capacity];
        }

        /** Whether a is worse than b: lower score, or the same score and a later row. */
        private boolean worse(float scoreA, int rowA, float scoreB, int rowB) {
            return scoreA < scoreB || scoreA == scoreB && rowA > rowB;
        }

        /** What a row must beat to be kept: minus infinity until full. */
        float floor() {
            return size < capacity ? Float.NEGATIVE_INFINITY : scores[0];
        }

        void offer(int row, float score) {
            if (size < capacity) {
                rows[size] = row;
                scores[size] = score;
                up(size++);
            } else if (capacity > 0 && worse(scores[0], rows[0], score, row)) {
                rows[0] = row;
                scores[0] = score;
                down(0);
            }
        }

        private void up(int at) {
            while (at > 0) {
                int parent = (at - 1) / 2;
                if (!worse(scores[at], rows[at], scores[parent], rows[parent])) {
                    return;
                }
                swap(at, parent);
                at = parent;
            }
        }

        private void down(int at) {
            while (true) {
                int left = 2 * at + 1;
                if (left >= size) {
                    return;
                }
                int worst = left + 1 < size && worse(scores[left + 1], rows[left + 1], scores[left], rows[left]) ? left + 1 : left;
                if (!worse(scores[worst], rows[worst], scores[at], rows[at])) {
                    return;
                }
                swap(at, worst);
                at = worst;
            }
        }

        private void swap(int a, int b) {
            int row = rows[a];
            rows[a] = rows[b];
            rows[b] = row;
            float score = scores[a];
            scores[a] = scores[b];
            scores[b] = score;
        }

        interface Visitor {
            void accept(int row, float score);
        }

        void forEach(Visitor visitor) {
            for (int i = 0; i < size; i++) {
                visitor.accept(rows[i], scores[i]);
            }
        }

        int[] rows() {
            return Arrays.copyOf(rows, size);
        }

        /** Best first, ties by row. */
        List<ExactScan.Hit> bestFirst() {
            List<ExactScan.Hit> hits = new ArrayList<>(size);
            forEach((row, score) -> hits.add(new ExactScan.Hit(row, score)));
            hits.sort((a, b) -> a.score() != b.score() ? Float.compare(b.score(), a.score()) : Integer.compare(a.row(), b.row()));
            return hits;
        }
    }
}
