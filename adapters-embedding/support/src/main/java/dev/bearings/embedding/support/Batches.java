package dev.bearings.embedding.support;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Groups texts into batches of similar length: a batch is padded to its longest text, so sorting
 * by length first keeps the wasted work small.
 */
public final class Batches {

    private Batches() {
    }

    /**
     * @param lengths     token count of each text
     * @param maxTexts    most texts in a batch
     * @param maxTokens   most padded tokens in a batch (texts times the longest), to bound memory
     * @param sortByLength false keeps the input order (only to measure what sorting saves)
     * @return the indices of each batch, longest texts first
     */
    public static List<int[]> plan(int[] lengths, int maxTexts, int maxTokens, boolean sortByLength) {
        Integer[] order = IntStream.range(0, lengths.length).boxed().toArray(Integer[]::new);
        if (sortByLength) {
            Arrays.sort(order, Comparator.comparingInt((Integer i) -> lengths[i]).reversed());
        }
        List<int[]> batches = new ArrayList<>();
        int start = 0;
        while (start < order.length) {
            int longest = lengths[order[start]];
            int end = start + 1;
            while (end < order.length && end - start < maxTexts
                    && (long) (end - start + 1) * Math.max(longest, lengths[order[end]]) <= maxTokens) {
                longest = Math.max(longest, lengths[order[end]]);
                end++;
            }
            int[] batch = new int[end - start];
            for (int i = start; i < end; i++) {
                batch[i - start] = order[i];
            }
            batches.add(batch);
            start = end;
        }
        return batches;
    }
}
