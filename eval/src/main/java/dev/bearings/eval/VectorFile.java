package dev.bearings.eval;

import dev.bearings.core.embed.Embedding;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;

/**
 * Vectors an evaluation has embedded, kept in a file of one model's, so that the next run (other rules,
 * stores, fusions, or the same run after it was killed) embeds only what it has not seen. Each record is
 * the text's SHA-256 (queries and passages apart), its tokens, whether it was cut, and the vector; the
 * file only grows, record by record, and a record cut short by a killed run is dropped when it is read.
 */
final class VectorFile implements AutoCloseable {
    private static final byte PASSAGE = 'P';
    private static final byte QUERY = 'Q';

    private final Path file;
    private final int dimension;
    private final int recordBytes;
    private final FileChannel out;

    private VectorFile(Path file, int dimension, FileChannel out) {
        this.file = file;
        this.dimension = dimension;
        this.recordBytes = 1 + 32 + 4 + 1 + 4 * dimension;
        this.out = out;
    }

    /** The file of {@code modelId}'s vectors in {@code folder}, made when it is not there. */
    static VectorFile open(Path folder, String modelId, int dimension) {
        try {
            Files.createDirectories(folder);
            Path file = folder.resolve(modelId.replaceAll("[^A-Za-z0-9._-]", "_") + "-" + dimension + ".vectors");
            FileChannel out = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.READ);
            VectorFile vectors = new VectorFile(file, dimension, out);
            long whole = out.size() / vectors.recordBytes * vectors.recordBytes;
            out.truncate(whole);
            out.position(whole);
            return vectors;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the vector file in " + folder + ": " + e.getMessage(), e);
        }
    }

    /** Every vector the file holds, passages and queries by their key ({@link #key}). */
    void load(Map<String, Embedding> passages, Map<String, Embedding> queries) {
        try (InputStream raw = Files.newInputStream(file);
             DataInputStream in = new DataInputStream(new BufferedInputStream(raw, 1 << 16))) {
            byte[] record = new byte[recordBytes];
            long records = Files.size(file) / recordBytes;
            for (long r = 0; r < records; r++) {
                in.readFully(record);
                ByteBuffer b = ByteBuffer.wrap(record).order(ByteOrder.LITTLE_ENDIAN);
                byte kind = b.get();
                byte[] hash = new byte[32];
                b.get(hash);
                int tokens = b.getInt();
                boolean truncated = b.get() != 0;
                float[] vector = new float[dimension];
                b.asFloatBuffer().get(vector);
                (kind == QUERY ? queries : passages).put(HexFormat.of().formatHex(hash), new Embedding(vector, tokens, truncated));
            }
        } catch (EOFException e) {
            // The size was read before: a record cannot be short here unless the file shrank under us.
            throw new UncheckedIOException("the vector file " + file + " shrank while it was read", e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the vector file " + file + ": " + e.getMessage(), e);
        }
    }

    synchronized void addPassage(String key, Embedding embedding) {
        append(PASSAGE, key, embedding);
    }

    synchronized void addQuery(String key, Embedding embedding) {
        append(QUERY, key, embedding);
    }

    private void append(byte kind, String key, Embedding embedding) {
        if (embedding.vector().length != dimension) {
            throw new IllegalArgumentException("a vector of " + embedding.vector().length + " dimensions for a file of " + dimension);
        }
        ByteBuffer b = ByteBuffer.allocate(recordBytes).order(ByteOrder.LITTLE_ENDIAN);
        b.put(kind).put(HexFormat.of().parseHex(key)).putInt(embedding.tokens()).put((byte) (embedding.truncated() ? 1 : 0));
        for (float f : embedding.vector()) {
            b.putFloat(f);
        }
        b.flip();
        try {
            while (b.hasRemaining()) {
                out.write(b);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the vector file " + file + ": " + e.getMessage(), e);
        }
    }

    /** What a text is found by: its SHA-256, in hex. */
    static String key(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }

    @Override
    public void close() {
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the vector file " + file + ": " + e.getMessage(), e);
        }
    }
}
