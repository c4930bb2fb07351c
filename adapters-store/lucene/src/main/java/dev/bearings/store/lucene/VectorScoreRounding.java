package dev.bearings.store.lucene;

/**
 * Lucene sums a vector's products with fused multiply-adds when the JVM runs its second compiler, and with a
 * multiply and an add when it runs the first alone ({@code -XX:TieredStopAtLevel=1}, which the launcher gives a
 * search and a server, while {@code eval}, an index build and a benchmark run both). The two round apart, and an
 * approximate search that rounds apart can walk its graph another way: the same question found other passages
 * by the JVM's options (a served answer against {@code eval}'s, JMH's against the server's). Lucene reads its
 * choice once, when its first class that needs it is loaded; asked before that, it never fuses them, as the first
 * compiler alone never does.
 */
final class VectorScoreRounding {
    /** Lucene's switch for its scalar dot product: "auto" (its default), "true" or "false". */
    static final String SCALAR_FMA = "lucene.useScalarFMA";

    private VectorScoreRounding() {
    }

    /** Every JVM rounds alike, unless the person running it chose otherwise. */
    static void sameOnEveryJit() {
        if (System.getProperty(SCALAR_FMA) == null) {
            System.setProperty(SCALAR_FMA, "false");
        }
    }
}
