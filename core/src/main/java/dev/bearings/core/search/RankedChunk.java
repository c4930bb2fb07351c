package dev.bearings.core.search;

/** One retriever's hit: the chunk and that retriever's own score (cosine, BM25, ...), best first. */
public record RankedChunk(StoredChunk chunk, double score) {
}
