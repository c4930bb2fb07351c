package dev.bearings.mcp;

import dev.bearings.app.LiveIndex;
import dev.bearings.app.NoteJson;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.index.IndexedNote;
import dev.bearings.core.usecase.ListNotes;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceTemplateSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Every indexed note as an MCP resource, {@code bearings://note/{source}/{id}} (both parts percent-encoded,
 * so an id with slashes stays one segment), listed with its title, MIME type and modification time and
 * read as its Markdown now, through the same reading as the tool read_note. The list follows the index:
 * it is brought up to date whenever the index was reopened since the last look.
 */
public final class NoteResources {
    private static final Logger LOG = LoggerFactory.getLogger(NoteResources.class);
    static final String SCHEME = "bearings://note/";
    public static final String TEMPLATE = SCHEME + "{source}/{id}";
    static final String MIME_TYPE = "text/markdown";

    private final McpTools tools;
    private final LiveIndex index;
    private final ListChangedGate gate;
    /** The resources the server lists now, by URI, as they were listed; guarded by the index's lock. */
    private final Map<String, McpSchema.Resource> listed = new HashMap<>();
    private ChunkIndexReader listedFrom;
    private McpSyncServer server;

    public NoteResources(McpTools tools, LiveIndex index, ListChangedGate gate) {
        this.tools = tools;
        this.index = index;
        this.gate = gate;
    }

    public static String uri(String source, String id) {
        return SCHEME + encode(source) + "/" + encode(id);
    }

    public SyncResourceTemplateSpecification template() {
        McpSchema.ResourceTemplate template = McpSchema.ResourceTemplate.builder().uriTemplate(TEMPLATE).name("note")
                .title("A note").mimeType(MIME_TYPE)
                .description("One of the user's indexed notes, its Markdown as it is now in its source.").build();
        return new SyncResourceTemplateSpecification(template, (exchange, request) -> read(request.uri()));
    }

    /**
     * Lists the index's notes as {@code server}'s resources now, and follows the index from then on: whenever
     * it is opened anew, the notes that came in are added and those that left removed. No client can have
     * listed before this first listing, so it tells none of them.
     */
    public void follow(McpSyncServer server) {
        try {
            index.exclusively(() -> {
                this.server = server;
                reconcile(false);
                index.onReopen(() -> reconcile(true));
                return null;
            });
        } catch (Exception unexpected) {
            LOG.warn("the note resources are not listed: {}", unexpected.toString());
        }
    }

    /**
     * Adds the notes that came into the index, removes those that left; tells the clients when the list
     * changed. Called holding the index, which is all the locking this needs.
     */
    private void reconcile(boolean tell) {
        Map<String, McpSchema.Resource> now = new HashMap<>();
        try {
            ChunkIndexReader reader = index.reader();
            if (reader == listedFrom) {
                return;
            }
            for (IndexedNote note : ListNotes.list(reader, ListNotes.Query.ALL)) {
                McpSchema.Resource resource = resource(note);
                now.put(resource.uri(), resource);
            }
            listedFrom = reader;
        } catch (Exception unreadable) {
            LOG.warn("the note resources were not updated: {}", unreadable.getMessage());
            return;
        }
        boolean[] changed = {false};
        // The SDK tells the clients of each resource added or removed; they hear once, after all of them.
        gate.holding(() -> {
            for (String uri : List.copyOf(listed.keySet())) {
                if (!Objects.equals(now.get(uri), listed.get(uri))) {
                    server.removeResource(uri);
                    listed.remove(uri);
                    changed[0] = true;
                }
            }
            for (McpSchema.Resource resource : now.values()) {
                if (!listed.containsKey(resource.uri())) {
                    server.addResource(new SyncResourceSpecification(resource, (exchange, request) -> read(request.uri())));
                    listed.put(resource.uri(), resource);
                    changed[0] = true;
                }
            }
        });
        if (changed[0] && tell) {
            server.notifyResourcesListChanged();
        }
    }

    private static McpSchema.Resource resource(IndexedNote note) {
        return McpSchema.Resource.builder().uri(uri(note.source(), note.id())).name(note.id()).title(note.title())
                .mimeType(MIME_TYPE).annotations(new McpSchema.Annotations(null, null, note.modified().toString())).build();
    }

    private McpSchema.ReadResourceResult read(String uri) {
        if (!uri.startsWith(SCHEME) || uri.indexOf('/', SCHEME.length()) < 0) {
            throw McpError.RESOURCE_NOT_FOUND.apply(uri);
        }
        int slash = uri.indexOf('/', SCHEME.length());
        String source = decode(uri.substring(SCHEME.length(), slash));
        String id = decode(uri.substring(slash + 1));
        try {
            NoteJson note = index.exclusively(() -> tools.read(id, Optional.of(source), Optional.empty()));
            return new McpSchema.ReadResourceResult(List.of(new McpSchema.TextResourceContents(uri, MIME_TYPE, note.markdown())));
        } catch (Exception e) {
            throw McpError.builder(McpSchema.ErrorCodes.RESOURCE_NOT_FOUND).message(tools.plainError("reading " + uri, e)).data(uri).build();
        }
    }

    private static String encode(String part) {
        return URLEncoder.encode(part, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static String decode(String part) {
        return URLDecoder.decode(part.replace("+", "%2B"), StandardCharsets.UTF_8);
    }
}
