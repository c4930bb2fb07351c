package dev.bearings.embedding.support;

/**
 * DJL, when it loads a tokenizer or an engine, may look up instance metadata and send telemetry,
 * and may download native libraries. Bearings never touches the network: call this before any DJL
 * class is used.
 */
public final class DjlOffline {

    private DjlOffline() {
    }

    public static void ensure() {
        System.setProperty("ai.djl.offline", "true");
        System.setProperty("OPT_OUT_TRACKING", "true");
    }
}
