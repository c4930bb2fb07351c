package dev.bearings.mcp;

import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import io.modelcontextprotocol.spec.McpServerTransportProviderBase;
import reactor.core.publisher.Mono;

import java.util.List;

/**
 * No {@code notifications/resources/list_changed} before a stdio client has finished initializing: it
 * lists resources after initializing anyway, and a notice before that is one the protocol does not expect.
 * The gate stands between the server and its transport and drops them until {@link #open}.
 */
public final class ListChangedGate {
    private volatile boolean open;

    /** The client has said it is initialized: notices go through from now on. */
    public void open() {
        open = true;
    }

    private boolean drops(String method) {
        return McpSchema.METHOD_NOTIFICATION_RESOURCES_LIST_CHANGED.equals(method) && !open;
    }

    public McpServerTransportProvider around(McpServerTransportProvider transport) {
        final class Single extends Gated implements McpServerTransportProvider {
            Single() {
                super(transport);
            }

            @Override
            public void setSessionFactory(McpServerSession.Factory factory) {
                transport.setSessionFactory(factory);
            }
        }
        return new Single();
    }

    /** A transport with this gate before its notices; all else passed through. */
    private abstract class Gated implements McpServerTransportProviderBase {
        private final McpServerTransportProviderBase transport;

        public Gated(McpServerTransportProviderBase transport) {
            this.transport = transport;
        }

        @Override
        public Mono<Void> notifyClients(String method, Object params) {
            return drops(method) ? Mono.empty() : transport.notifyClients(method, params);
        }

        @Override
        public Mono<Void> notifyClient(String sessionId, String method, Object params) {
            return drops(method) ? Mono.empty() : transport.notifyClient(sessionId, method, params);
        }

        @Override
        public Mono<Void> closeGracefully() {
            return transport.closeGracefully();
        }

        @Override
        public void close() {
            transport.close();
        }

        @Override
        public List<String> protocolVersions() {
            return transport.protocolVersions();
        }
    }
}
