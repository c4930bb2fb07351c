package dev.bearings.core.chunk;

/**
 * The constants of chunking, validated together.
 *
 * @param maxWords     a chunk holds at most this many words, except through the merge allowance
 * @param minWords     a whole section shorter than this is merged into the chunk before it (the first
 *                     section, having none before it, into the chunk after it); the merged chunk may
 *                     then exceed {@code maxWords} by less than {@code minWords}
 * @param overlapWords when a section must be cut, each piece after the first starts with the last
 *                     this-many words before it in the same section
 */
public record ChunkingRules(int maxWords, int minWords, int overlapWords) {
    /**
     * The original design's rules, which two sweeps kept (docs/decisions/0001-chunking-defaults.md with
     * all-MiniLM-L6-v2, 0005-chunking-for-bge-small.md with bge-small-en-v1.5): 300 words at most,
     * sections under 30 merged upward, 40 words of overlap.
     */
    public static final ChunkingRules DEFAULT = new ChunkingRules(300, 30, 40);

    public ChunkingRules {
        if (maxWords < 1) {
            throw new IllegalArgumentException("max words must be at least 1, was " + maxWords);
        }
        if (minWords < 0 || overlapWords < 0) {
            throw new IllegalArgumentException("min words and overlap words cannot be negative, were "
                    + minWords + " and " + overlapWords);
        }
        if (minWords > maxWords) {
            throw new IllegalArgumentException("min words (" + minWords + ") cannot exceed max words ("
                    + maxWords + "): every section would count as too small");
        }
        if (overlapWords >= maxWords) {
            throw new IllegalArgumentException("overlap words (" + overlapWords + ") must be less than max words ("
                    + maxWords + "), or a cut section could never move forward");
        }
    }

    /** The largest a merged chunk can be. */
    public int mergedMaxWords() {
        return maxWords + Math.max(0, minWords - 1);
    }

    @Override
    public String toString() {
        return "max " + maxWords + ", min " + minWords + ", overlap " + overlapWords + " words";
    }
}
