package dev.bearings.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bearings.app.testing.ExampleIndex;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The search page's HTTP side, as its script and a browser use it but without one: a one-time address gives a
 * session cookie once; with it the page's files and its API are served, each API call answering as its MCP tool
 * does, a link into an Obsidian vault opening in Obsidian; a request the API cannot take is an error in plain words.
 * (The page itself, in a real browser: {@code SearchPageBrowserTest}.)
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SearchPageHttpTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private ExampleIndex example;
    private HttpServing server;
    private String cookie;

    @BeforeAll
    void start(@TempDir Path root) throws Exception {
        example = ExampleIndex.synced(root);
        // The notes folder is an Obsidian vault.
        Files.createDirectories(example.notes().resolve(".obsidian"));
        server = HttpServing.of(example.index(), root.resolve("data"));
        HttpResponse<String> login = send(HttpRequest.newBuilder(URI.create(server.pageAddress())));
        assertThat(login.statusCode()).isEqualTo(303);
        assertThat(login.headers().firstValue("Location")).contains("/");
        String set = login.headers().firstValue("Set-Cookie").orElseThrow();
        assertThat(set).startsWith("bearings-" + server.port() + "=").contains("HttpOnly").contains("SameSite=Strict").contains("Path=/");
        cookie = set.substring(0, set.indexOf(';'));
    }

    @AfterAll
    void stop() throws Exception {
        server.close();
        example.close();
    }

    private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return http.send(request.timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A request of the page's own script: its cookie, from its own origin. */
    private HttpRequest.Builder page(String path) {
        return HttpRequest.newBuilder(URI.create(server.base() + path)).header("Cookie", cookie).header("Sec-Fetch-Site", "same-origin");
    }

    private JsonNode json(HttpResponse<String> response) throws Exception {
        return JSON.readTree(response.body());
    }

    @Test
    void theOneTimeAddressIsUsedOnceAndThePageServedWithItsCookie() throws Exception {
        String address = server.pageAddress();
        assertThat(send(HttpRequest.newBuilder(URI.create(address))).statusCode()).isEqualTo(303);
        HttpResponse<String> again = send(HttpRequest.newBuilder(URI.create(address)));
        assertThat(again.statusCode()).isEqualTo(403);
        assertThat(again.body()).contains("This address has been used or has expired");
        assertThat(send(HttpRequest.newBuilder(URI.create(server.base() + "/login?code=made-up"))).statusCode()).isEqualTo(403);
        assertThat(send(HttpRequest.newBuilder(URI.create(server.base() + "/login"))).statusCode()).isEqualTo(403);

        HttpResponse<String> index = send(page("/"));
        assertThat(index.statusCode()).isEqualTo(200);
        assertThat(index.headers().firstValue("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("text/html"));
        assertThat(index.headers().firstValue("Content-Security-Policy")).contains(dev.bearings.mcp.http.SearchPage.CONTENT_SECURITY_POLICY);
        assertThat(index.headers().firstValue("X-Content-Type-Options")).contains("nosniff");
        assertThat(index.headers().firstValue("Referrer-Policy")).contains("no-referrer");
        assertThat(index.headers().firstValue("X-Frame-Options")).contains("DENY");
        assertThat(index.headers().firstValue("Cross-Origin-Opener-Policy")).contains("same-origin");
        assertThat(index.headers().firstValue("Cross-Origin-Resource-Policy")).contains("same-origin");
        assertThat(index.headers().firstValue("Cache-Control")).as("asked again each time: a new version is seen").contains("no-cache");
        assertThat(index.body()).contains("page.js");
        assertThat(send(page("/page.js")).headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/javascript"));
        assertThat(send(page("/page.css")).headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/css"));
        assertThat(send(page("/icon.svg")).headers().firstValue("Content-Type")).contains("image/svg+xml");

        HttpResponse<String> noCookie = send(HttpRequest.newBuilder(URI.create(server.base() + "/")));
        assertThat(noCookie.statusCode()).isEqualTo(401);
        assertThat(noCookie.body()).contains("bearings open");
        assertThat(noCookie.headers().firstValue("Content-Type")).contains("text/html;charset=utf-8");
        assertThat(noCookie.headers().firstValue("Cache-Control")).contains("no-store");
        HttpResponse<String> otherCookie = send(HttpRequest.newBuilder(URI.create(server.base() + "/"))
                .header("Cookie", "bearings-" + server.port() + "=made-up"));
        assertThat(otherCookie.statusCode()).isEqualTo(401);
        assertThat(send(HttpRequest.newBuilder(URI.create(server.base() + "/mcp")).header("Cookie", cookie)).statusCode())
                .as("the cookie opens the page, not the MCP endpoint").isEqualTo(401);
        assertThat(send(page("/").setHeader("Sec-Fetch-Site", "none")).statusCode()).as("the page opened by the person").isEqualTo(200);
        assertThat(send(page("/api/status").setHeader("Sec-Fetch-Site", "none")).statusCode()).as("its API: from the page alone")
                .isEqualTo(403);
        assertThat(send(page("/api/status").setHeader("Sec-Fetch-Site", "cross-site")).statusCode()).isEqualTo(403);
    }

    @Test
    void theApiAnswersAsTheToolsDoAndOpensAVaultsNotesInObsidian() throws Exception {
        HttpResponse<String> search = send(page("/api/search?q=" + URLEncoder.encode("how did I set up the VPN?", StandardCharsets.UTF_8)
                + "&limit=2&tag=&since=&source=notes"));
        assertThat(search.statusCode()).isEqualTo(200);
        assertThat(search.headers().firstValue("Cache-Control")).contains("no-store");
        JsonNode passages = json(search);
        assertThat(passages).hasSize(2);
        assertThat(passages.get(0).path("noteId").asText()).isEqualTo("vpn-setup.md");
        assertThat(passages.get(0).path("open").asText()).isEqualTo("obsidian://open?path="
                + URLEncoder.encode(example.notes().resolve("vpn-setup.md").toString(), StandardCharsets.UTF_8).replace("+", "%20"));

        JsonNode note = json(send(page("/api/note?id=vpn-setup.md&heading=Troubleshooting&source=")));
        assertThat(note.path("markdown").asText()).startsWith("## Troubleshooting");
        JsonNode status = json(send(page("/api/status")));
        assertThat(status.path("notes").asInt()).isEqualTo(5);
        assertThat(status.path("store").asText()).isEqualTo("sqlite");
        JsonNode tags = json(send(page("/api/tags")));
        assertThat(tags).isNotEmpty().allSatisfy(tag -> assertThat(tag.has("tag")).isTrue());
        HttpResponse<String> sync = send(page("/api/sync").POST(HttpRequest.BodyPublishers.noBody()));
        assertThat(sync.statusCode()).isEqualTo(200);
        assertThat(json(sync).get(0).path("unchanged").asInt()).isEqualTo(5);
    }

    @Test
    void whatTheApiCannotTakeIsAnErrorInPlainWords() throws Exception {
        HttpResponse<String> limit = send(page("/api/search?q=vpn&limit=many"));
        assertThat(limit.statusCode()).isEqualTo(400);
        assertThat(json(limit).path("error").asText()).isEqualTo("limit must be a whole number from 1 to 100");
        HttpResponse<String> noQuery = send(page("/api/search"));
        assertThat(noQuery.statusCode()).isEqualTo(400);
        assertThat(json(noQuery).path("error").asText()).isEqualTo("query is required");
        HttpResponse<String> unknownTag = send(page("/api/search?q=vpn&tag=nope&tag=%20"));
        assertThat(json(unknownTag).path("error").asText()).contains("no note is tagged nope");
        HttpResponse<String> missing = send(page("/api/note?id=nope.md"));
        assertThat(missing.statusCode()).isEqualTo(400);
        assertThat(json(missing).path("error").asText()).contains("nope.md").doesNotContain(example.folder().toString());
        assertThat(send(page("/api/nothing")).statusCode()).isEqualTo(404);
        assertThat(send(page("/api/status").POST(HttpRequest.BodyPublishers.noBody())).statusCode()).isEqualTo(404);
    }
}
