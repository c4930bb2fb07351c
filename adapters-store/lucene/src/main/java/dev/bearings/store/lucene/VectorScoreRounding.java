package dev.bearings.store.lucene;

/**
 * With the JVM's second compiler, Lucene sums a vector's products with fused multiply-adds on the CPUs it finds
 * them fast on (Intel's, most ARM ones, AMD's with 512-bit vectors); with the first alone
 * ({@code -XX:TieredStopAtLevel=1}, which the launcher gives a search and a server, while {@code eval}, an index
 * build and a benchmark run both) it never does. The two round apart, and an approximate search that rounds apart
 * can walk its graph another way: the same question found other passages by the JVM's options (a served answer
 * against {@code eval}'s, JMH's against the server's). Lucene chooses once, when its {@code Constants} class is
 * initialised, which the first use of almost any of its classes does; asked before that, it never fuses them.
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
