package dev.bearings.mcp;

import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import io.modelcontextprotocol.spec.McpServerTransportProviderBase;
import io.modelcontextprotocol.spec.McpStreamableServerSession;
import io.modelcontextprotocol.spec.McpStreamableServerTransportProvider;
import reactor.core.publisher.Mono;

import java.util.List;

/**
 * One {@code notifications/resources/list_changed} per change of the note list, and none before the
 * client has finished initializing. The SDK sends one for every resource added or removed (2,951 for
 * an index of 2,950 notes), and sends them to a stdio client before it has answered its
 * {@code initialize}, which the protocol forbids. The gate stands between the server and its transport:
 * while {@link #holding} it drops those notices, and the caller sends one when it is done; until
 * {@link #open} it drops them all, as the client lists resources after initializing anyway.
 */
public final class ListChangedGate {
    private volatile boolean open;
    private volatile boolean holding;

    /** A gate for a transport whose clients each initialize before the server can reach them (HTTP sessions). */
    public static ListChangedGate opened() {
        ListChangedGate gate = new ListChangedGate();
        gate.open();
        return gate;
    }

    /** The client has said it is initialized: notices go through from now on. */
    public void open() {
        open = true;
    }

    /** Runs {@code changes} with each resource's own notice dropped. */
    public synchronized void holding(Runnable changes) {
        holding = true;
        try {
            changes.run();
        } finally {
            holding = false;
        }
    }

    private boolean drops(String method) {
        return McpSchema.METHOD_NOTIFICATION_RESOURCES_LIST_CHANGED.equals(method) && (!open || holding);
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

    public McpStreamableServerTransportProvider around(McpStreamableServerTransportProvider transport) {
        final class Streamable extends Gated implements McpStreamableServerTransportProvider {
            Streamable() {
                super(transport);
            }

            @Override
            public void setSessionFactory(McpStreamableServerSession.Factory factory) {
                transport.setSessionFactory(factory);
            }
        }
        return new Streamable();
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
