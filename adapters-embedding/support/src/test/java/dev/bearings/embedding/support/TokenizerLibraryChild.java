package dev.bearings.embedding.support;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Loads a model's tokenizer in a process of its own and prints where its native library was loaded
 * from (the lines of {@code /proc/self/maps} naming it), or, when Bearings refuses, why.
 */
public final class TokenizerLibraryChild {

    private TokenizerLibraryChild() {
    }

    public static void main(String[] args) throws Exception {
        try (WordPieces pieces = WordPieces.load(EmbeddingModel.bundled("minilm"))) {
            if (pieces.count("hello world") < 3) {
                throw new AssertionError("the tokenizer did not tokenize");
            }
        } catch (RuntimeException e) {
            System.err.println("bearings: " + e.getMessage());
            System.exit(3);
        }
        for (String line : Files.readAllLines(Path.of("/proc/self/maps"))) {
            if (line.contains("tokenizers")) {
                System.out.println(line.substring(line.indexOf('/')));
            }
        }
    }
}
