package dev.bearings.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bearings.app.index.LiveIndex;
import dev.bearings.app.words.PlainErrors;
import dev.bearings.core.source.NoteSource;
import dev.bearings.mcp.http.SearchPage;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The search page's JSON endpoints, under {@value SearchPage#API}: each asks one of the MCP tools
 * ({@link McpTools#call}), with the same checks and the same answer.
 * <ul>
 *   <li>{@code GET search?q=&limit=&tag=...&since=&before=&source=}: {@code search_notes}' passages, each
 *       with {@code open}, the link that opens the note in its app (Obsidian's for a note of a vault);</li>
 *   <li>{@code GET note?id=&source=&heading=}: {@code read_note};</li>
 *   <li>{@code GET status}: {@code index_status}; {@code GET tags}: {@code list_tags};</li>
 *   <li>{@code POST sync}: {@code sync_index}.</li>
 * </ul>
 * A failure is {@code {"error": "..."}} in the tools' plain words, 400 when it is the request's, 500 when not.
 */
final class PageApi extends HttpServlet {
    public static final String ENDPOINT = SearchPage.API + "*";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final transient McpTools tools;
    private final transient LiveIndex index;

    PageApi(McpTools tools, LiveIndex index) {
        this.tools = tools;
        this.index = index;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String path = String.valueOf(request.getPathInfo());
        switch (path) {
            case "/search" -> answer(response, "search_notes", () -> search(request));
            case "/note" -> answer(response, "read_note", () -> tools.call("read_note", arguments(request, Map.of("id", "id",
                    "source", "source", "heading", "heading"))));
            case "/status" -> answer(response, "index_status", () -> tools.call("index_status", Map.of()));
            case "/tags" -> answer(response, "list_tags", () -> tools.call("list_tags", Map.of()));
            default -> response.sendError(HttpServletResponse.SC_NOT_FOUND);
        }
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if ("/sync".equals(request.getPathInfo())) {
            answer(response, "sync_index", () -> tools.call("sync_index", Map.of()));
        } else {
            response.sendError(HttpServletResponse.SC_NOT_FOUND);
        }
    }

    private Object search(HttpServletRequest request) throws Exception {
        Map<String, Object> arguments = arguments(request, Map.of("q", "query", "since", "since", "before", "before", "source", "source"));
        String limit = request.getParameter("limit");
        if (limit != null) {
            try {
                arguments.put("limit", Integer.parseInt(limit.strip()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("limit must be a whole number from 1 to " + McpTools.MAX_LIMIT);
            }
        }
        String[] tags = request.getParameterValues("tag");
        if (tags != null) {
            arguments.put("tags", Arrays.stream(tags).filter(tag -> !tag.isBlank()).toList());
        }
        JsonNode passages = JSON.valueToTree(tools.call("search_notes", arguments));
        Map<String, Path> vaults = null;
        for (JsonNode passage : passages) {
            String link = passage.path("link").asText();
            if (link.startsWith("file:")) {
                vaults = vaults == null ? vaults() : vaults;
                link = opener(vaults.get(passage.path("source").asText()), link);
            }
            ((ObjectNode) passage).put("open", link);
        }
        return passages;
    }

    /** The sources that are Obsidian vaults (their folder has {@code .obsidian}), by name, with their folder. */
    private Map<String, Path> vaults() throws IOException {
        Map<String, Path> vaults = new HashMap<>();
        for (NoteSource opened : index.openSources()) {
            try (NoteSource source = opened) {
                source.locations().stream().filter(root -> Files.isDirectory(root.resolve(".obsidian"))).findFirst()
                        .ifPresent(root -> vaults.put(source.name(), root.toAbsolutePath().normalize()));
            }
        }
        return vaults;
    }

    /** The link that opens a note of a folder: Obsidian's when it is in {@code vault}, else its {@code file:} link. */
    private static String opener(Path vault, String link) {
        if (vault == null) {
            return link;
        }
        Path note = Path.of(URI.create(link)).toAbsolutePath().normalize();
        return note.startsWith(vault) ? "obsidian://open?path=" + URLEncoder.encode(note.toString(), StandardCharsets.UTF_8).replace("+", "%20")
                : link;
    }

    /** The tool's arguments from the request's parameters, by {@code names} (parameter to argument); blank ones left out. */
    private static Map<String, Object> arguments(HttpServletRequest request, Map<String, String> names) {
        Map<String, Object> arguments = new LinkedHashMap<>();
        names.forEach((parameter, argument) -> Optional.ofNullable(request.getParameter(parameter)).filter(value -> !value.isBlank())
                .ifPresent(value -> arguments.put(argument, value)));
        return arguments;
    }

    /** A call's answer. */
    @FunctionalInterface
    private interface Call {
        Object answer() throws Exception;
    }

    private void answer(HttpServletResponse response, String tool, Call call) throws IOException {
        Object answer;
        int status = HttpServletResponse.SC_OK;
        try {
            answer = call.answer();
        } catch (Exception | Error e) {
            status = PlainErrors.expected(e) ? HttpServletResponse.SC_BAD_REQUEST : HttpServletResponse.SC_INTERNAL_SERVER_ERROR;
            answer = Map.of("error", tools.plainError(tool, e));
        }
        byte[] body = JSON.writeValueAsBytes(answer);
        response.setStatus(status);
        response.setContentType("application/json;charset=utf-8");
        response.setHeader("Cache-Control", "no-store");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
