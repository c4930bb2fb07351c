package dev.bearings.store.solr;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Starts one {@link InJvmSolrCloud} for every test class that extends with it, and stops it when the
 * tests end.
 */
public final class MiniCloud implements BeforeAllCallback, ExtensionContext.Store.CloseableResource, AutoCloseable {
    private static InJvmSolrCloud started;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        synchronized (MiniCloud.class) {
            if (started == null) {
                started = InJvmSolrCloud.start();
                context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL).put(MiniCloud.class, new MiniCloud());
            }
        }
    }

    static synchronized InJvmSolrCloud running() {
        if (started == null) {
            throw new IllegalStateException("extend the test with MiniCloud");
        }
        return started;
    }

    @Override
    public void close() throws Exception {
        synchronized (MiniCloud.class) {
            started.close();
            started = null;
        }
    }
}
