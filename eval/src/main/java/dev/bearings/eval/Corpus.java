package dev.bearings.eval;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;

/**
 * The Markdown files of a {@code .tar.gz} corpus from the shared data folder, read into memory in
 * sorted path order, so that a benchmark measures parsing, not disk or decompression.
 */
public final class Corpus {
    private final List<String> names;
    private final List<String> texts;
    private final long bytes;

    private Corpus(List<String> names, List<String> texts, long bytes) {
        this.names = List.copyOf(names);
        this.texts = List.copyOf(texts);
        this.bytes = bytes;
    }

    /** @param maxBytes stop after the file that reaches this many bytes; {@code Long.MAX_VALUE} for all */
    public static Corpus load(Path tarGz, long maxBytes) throws IOException {
        if (!Files.isReadable(tarGz)) {
            throw new IOException("corpus " + tarGz.toAbsolutePath().normalize() + " is missing: the benchmarks read "
                    + "the shared data folder (set -Dbearings.data=DIR to point elsewhere)");
        }
        Map<String, byte[]> files = new TreeMap<>();
        try (InputStream in = new TarArchiveInputStream(new GZIPInputStream(new BufferedInputStream(Files.newInputStream(tarGz))))) {
            TarArchiveInputStream tar = (TarArchiveInputStream) in;
            for (TarArchiveEntry entry = tar.getNextEntry(); entry != null; entry = tar.getNextEntry()) {
                if (entry.isFile() && entry.getName().endsWith(".md")) {
                    files.put(entry.getName(), tar.readAllBytes());
                }
            }
        }
        List<String> names = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        long total = 0;
        for (Map.Entry<String, byte[]> file : files.entrySet()) {
            if (total >= maxBytes) {
                break;
            }
            names.add(file.getKey());
            texts.add(new String(file.getValue(), StandardCharsets.UTF_8));
            total += file.getValue().length;
        }
        return new Corpus(names, texts, total);
    }

    public List<String> names() {
        return names;
    }

    public List<String> texts() {
        return texts;
    }

    public long bytes() {
        return bytes;
    }

    public double megabytes() {
        return bytes / 1_000_000.0;
    }
}
