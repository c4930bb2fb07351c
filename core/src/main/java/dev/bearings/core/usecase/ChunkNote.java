package dev.bearings.core.usecase;

import dev.bearings.core.chunk.Chunk;
import dev.bearings.core.chunk.ChunkPrefix;
import dev.bearings.core.chunk.Chunker;
import dev.bearings.core.markdown.MarkdownDocument;
import dev.bearings.core.markdown.MarkdownParser;

import java.util.List;
import java.util.Objects;

/** Use case: a note's Markdown to its chunks, for inspection and for indexing. */
public final class ChunkNote {
    private final MarkdownParser parser;
    private final Chunker chunker;

    public ChunkNote(MarkdownParser parser, Chunker chunker) {
        this.parser = Objects.requireNonNull(parser, "parser");
        this.chunker = Objects.requireNonNull(chunker, "chunker");
    }

    public Result chunk(String markdown) {
        return chunk(markdown, ChunkPrefix.NONE);
    }

    public Result chunk(String markdown, ChunkPrefix prefix) {
        MarkdownDocument document = MarkdownDocument.parse(markdown, parser);
        return new Result(document, chunker.chunk(document, prefix));
    }

    /**
     * Chunks measured as they will be embedded: behind the note's title and heading path (see
     * {@link ChunkPrefix#titled}).
     *
     * @param fallbackTitle the title when the note has neither a front-matter title nor a level-1 heading
     */
    public Result chunkTitled(String markdown, String fallbackTitle) {
        MarkdownDocument document = MarkdownDocument.parse(markdown, parser);
        return new Result(document, chunker.chunk(document, ChunkPrefix.titled(document.title(fallbackTitle))));
    }

    /** The parsed note and its chunks. */
    public record Result(MarkdownDocument document, List<Chunk> chunks) {
        public Result {
            chunks = List.copyOf(chunks);
        }
    }
}
