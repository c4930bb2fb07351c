package dev.bearings.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bearings.app.words.Limits;
import dev.bearings.app.index.LiveIndex;
import dev.bearings.app.json.NoteJson;
import dev.bearings.core.note.IndexedNote;
import dev.bearings.core.usecase.ListNotes;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceTemplateSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * Every indexed note as an MCP resource, {@code bearings://note/{source}/{id}} (both parts percent-encoded,
 * so an id with slashes stays one segment), listed with its title, MIME type and modification time and
 * read as its Markdown now, through the same reading as the tool read_note. {@code resources/list} is
 * answered here, a page of {@value Limits#RESOURCES_PAGE} at a time and complete from the first answer, from the
 * index as it is (the SDK lists resources it was handed one by one, all in one answer, and tells the
 * clients of each it is handed); notes are read through the template. The clients hear once when the list
 * changes.
 */
public final class NoteResources {
    private static final Logger LOG = LoggerFactory.getLogger(NoteResources.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    static final String SCHEME = "bearings://note/";
    public static final String TEMPLATE = SCHEME + "{source}/{id}";
    static final String MIME_TYPE = "text/markdown";

    private final McpTools tools;
    private final LiveIndex index;
    /** What the notes were when the clients were last told, as a fingerprint; guarded by the index's lock. */
    private String listed;

    public NoteResources(McpTools tools, LiveIndex index) {
        this.tools = tools;
        this.index = index;
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
     * Follows the index for {@code server}'s clients: whenever it is opened anew and its notes are no longer
     * those last listed, they are told the list changed, once. No client can have listed before now.
     */
    public void follow(McpSyncServer server) {
        try {
            index.exclusively(() -> {
                listed = fingerprint();
                index.onReopen(() -> {
                    String now = fingerprint();
                    if (now != null && !now.equals(listed)) {
                        listed = now;
                        server.notifyResourcesListChanged();
                    }
                });
                return null;
            });
        } catch (Exception unexpected) {
            LOG.warn("the note resources are not followed: {}", unexpected.toString());
        }
    }

    /** The notes listed, as one text that changes when one is added, removed, renamed or modified; null when unreadable. */
    private String fingerprint() {
        try {
            java.security.MessageDigest digest = java.security.MessageDigest.getInstance("SHA-256");
            for (IndexedNote note : notes()) {
                digest.update((note.source() + "\u0000" + note.id() + "\u0000" + note.title() + "\u0000" + note.modified() + "\n")
                        .getBytes(StandardCharsets.UTF_8));
            }
            return java.util.HexFormat.of().formatHex(digest.digest());
        } catch (Exception unreadable) {
            LOG.warn("the note resources cannot be listed: {}", unreadable.getMessage());
            return null;
        }
    }

    private List<IndexedNote> notes() throws Exception {
        return index.exclusively(() -> ListNotes.list(index.reader(), ListNotes.Query.ALL).stream()
                .sorted(java.util.Comparator.comparing(IndexedNote::source).thenComparing(IndexedNote::id)).toList());
    }

    /**
     * The answer to {@code message} when it asks for {@code resources/list} (a page of the notes, from where its
     * {@code cursor} says, and the cursor of the next page when there is one) or {@code resources/read} (the
     * note's Markdown, or why not). Both are answered whole, here: the SDK's error path for a read it failed could
     * cut its answer off, and close the connection, when many came at once.
     */
    public Optional<String> answer(JsonNode message) {
        String method = message.path("method").asText("");
        if (!JsonRpcChecks.usable(message.get("id"))
                || !(method.equals(McpSchema.METHOD_RESOURCES_LIST) || method.equals(McpSchema.METHOD_RESOURCES_READ))) {
            return Optional.empty();
        }
        JsonNode id = message.get("id");
        ObjectNode answer;
        try {
            JsonNode result = method.equals(McpSchema.METHOD_RESOURCES_LIST) ? page(message.path("params").path("cursor"))
                    : JSON.valueToTree(read(message.path("params").path("uri").asText()));
            answer = JSON.createObjectNode().put("jsonrpc", "2.0");
            answer.set("id", id);
            answer.set("result", result);
        } catch (McpError e) {
            McpSchema.JSONRPCResponse.JSONRPCError error = e.getJsonRpcError();
            answer = JsonRpcChecks.error(id, error.code(), error.message(), error.data() == null ? null : JSON.valueToTree(error.data()));
        } catch (Exception e) {
            answer = JsonRpcChecks.error(id, e instanceof IllegalArgumentException ? McpSchema.ErrorCodes.INVALID_PARAMS
                    : McpSchema.ErrorCodes.INTERNAL_ERROR, tools.plainError(method, e), null);
        }
        try {
            return Optional.of(JSON.writeValueAsString(answer));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private ObjectNode page(JsonNode cursor) throws Exception {
        int from = cursor.isTextual() ? McpTools.offset(cursor.asText()) : 0;
        List<IndexedNote> notes = notes();
        ObjectNode result = JSON.createObjectNode();
        var resources = result.putArray("resources");
        for (IndexedNote note : notes.subList(Math.min(from, notes.size()), Math.min(from + Limits.RESOURCES_PAGE, notes.size()))) {
            resources.addObject().put("uri", uri(note.source(), note.id())).put("name", note.id()).put("title", note.title())
                    .put("mimeType", MIME_TYPE).putObject("annotations").put("lastModified", note.modified().toString());
        }
        if (from + Limits.RESOURCES_PAGE < notes.size()) {
            result.put("nextCursor", McpTools.cursor(from + Limits.RESOURCES_PAGE));
        }
        return result;
    }

    private McpSchema.ReadResourceResult read(String uri) {
        if (!uri.startsWith(SCHEME) || uri.indexOf('/', SCHEME.length()) < 0) {
            throw McpError.RESOURCE_NOT_FOUND.apply(uri);
        }
        int slash = uri.indexOf('/', SCHEME.length());
        String source = decode(uri.substring(SCHEME.length(), slash), uri);
        String id = decode(uri.substring(slash + 1), uri);
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

    private static String decode(String part, String uri) {
        try {
            return URLDecoder.decode(part.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException broken) {
            throw McpError.builder(McpSchema.ErrorCodes.INVALID_PARAMS)
                    .message("the note address has a % not followed by two hex digits; use a uri from resources/list or a search")
                    .data(uri.length() <= 200 ? uri : uri.substring(0, 200) + "...").build();
        }
    }
}
