package dev.bearings.core.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The union of a query's two lists, each chunk with its rank and score in each (0 and NaN where it is
 * absent), in order of first appearance, vector list first: what every fusion starts from.
 */
final class FusionInputs {

    /** One chunk of either list. */
    static final class Candidate {
        final StoredChunk chunk;
        int vectorRank;
        int keywordRank;
        double vectorScore = Double.NaN;
        double keywordScore = Double.NaN;

        Candidate(StoredChunk chunk) {
            this.chunk = chunk;
        }
    }

    private FusionInputs() {
    }

    static List<Candidate> union(List<RankedChunk> vector, List<RankedChunk> keyword) {
        Map<String, Candidate> byKey = new LinkedHashMap<>();
        for (int i = 0; i < vector.size(); i++) {
            RankedChunk hit = vector.get(i);
            Candidate c = byKey.computeIfAbsent(hit.chunk().key(), k -> new Candidate(hit.chunk()));
            if (c.vectorRank == 0) {
                c.vectorRank = i + 1;
                c.vectorScore = hit.score();
            }
        }
        for (int i = 0; i < keyword.size(); i++) {
            RankedChunk hit = keyword.get(i);
            Candidate c = byKey.computeIfAbsent(hit.chunk().key(), k -> new Candidate(hit.chunk()));
            if (c.keywordRank == 0) {
                c.keywordRank = i + 1;
                c.keywordScore = hit.score();
            }
        }
        return new ArrayList<>(byKey.values());
    }

    /** Scored candidates, best first; a stable sort keeps first appearance for ties. */
    static List<Fusion.Fused> ranked(List<Candidate> candidates, double[] scores) {
        List<Fusion.Fused> fused = new ArrayList<>(candidates.size());
        for (int i = 0; i < candidates.size(); i++) {
            Candidate c = candidates.get(i);
            fused.add(new Fusion.Fused(c.chunk, scores[i], c.vectorRank, c.keywordRank));
        }
        fused.sort(Comparator.comparingDouble(Fusion.Fused::score).reversed());
        return fused;
    }
}
