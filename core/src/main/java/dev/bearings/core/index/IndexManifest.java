package dev.bearings.core.index;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What an index was built with. Vectors of another model, or chunks cut by other rules, must never
 * mix with these: an index opened with a different manifest is refused with {@link #differences}.
 *
 * @param formatVersion the store's own layout version
 * @param modelId       the embedder's {@code modelId()}
 * @param dimension     vector length
 * @param chunking      the chunking rules, token window and prefix scheme, as one readable string
 */
public record IndexManifest(int formatVersion, String modelId, int dimension, String chunking) {

    public IndexManifest {
        Objects.requireNonNull(modelId, "modelId");
        Objects.requireNonNull(chunking, "chunking");
    }

    /** Human-readable differences, empty when the two match. */
    public List<String> differences(IndexManifest wanted) {
        List<String> out = new ArrayList<>();
        if (formatVersion != wanted.formatVersion) {
            out.add("index format " + formatVersion + " (this version of Bearings writes " + wanted.formatVersion + ")");
        }
        if (!modelId.equals(wanted.modelId) || dimension != wanted.dimension) {
            out.add("model " + modelId + " (" + dimension + " dimensions), not " + wanted.modelId + " ("
                    + wanted.dimension + ")");
        }
        if (!chunking.equals(wanted.chunking)) {
            out.add("chunking " + chunking + ", not " + wanted.chunking);
        }
        return out;
    }
}
