package dev.bearings.mcp.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bearings.app.words.Limits;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The checks in front of the MCP endpoint, with a stand-in for the SDK's transport behind them: a message taken
 * reaches it whole, however it reads the body, up to the limit and not a byte over; what the server answers itself
 * and what it refuses are JSON in UTF-8; an answer from the client is passed on, and the transport's 500 for an
 * answer it never asked for becomes the client's mistake, naming the id (a long one cut short).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CheckedMessagesTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String LISTED = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"resources\":[{\"name\":\"Café\"}]}}";
    private StandInServer server;

    /**
     * Stands in for the SDK's transport. A request it answers with what it was given: its length as said, whether the
     * body was ready and finished before and after reading it, the body read a byte and then the rest at a time, and
     * read again as text. An answer it accepts, as the transport does, unless its id is one it never asked with: that
     * fails, as the transport fails it, with a 500 quoting Java.
     */
    private static final class Transport extends HttpServlet {
        @Override
        protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
            ServletInputStream in = request.getInputStream();
            boolean finishedBefore = in.isFinished();
            boolean ready = in.isReady();
            int first = in.read();
            byte[] rest = in.readAllBytes();
            String body = (char) first + new String(rest, StandardCharsets.UTF_8);
            if (!body.contains("\"method\"")) {
                response.setStatus(body.contains("never-asked") ? 500 : 202);
                response.getWriter().write(body.contains("never-asked") ? "java.lang.IllegalStateException: no pending request" : "accepted");
                return;
            }
            String again = request.getReader().lines().collect(Collectors.joining("\n"));
            response.setContentType("text/plain;charset=utf-8");
            response.getWriter().write(request.getContentLength() + " " + request.getContentLengthLong() + " " + finishedBefore + " "
                    + ready + " " + in.isFinished() + "\n" + body.equals(again) + "\n" + body);
        }
    }

    @BeforeAll
    void start(@TempDir Path data) throws IOException {
        server = StandInServer.start(data, Map.of(McpHttpServer.ENDPOINT, new Transport()), new PageLogin(), ServerKey.random(),
                message -> "resources/list".equals(message.path("method").asText()) ? Optional.of(LISTED) : Optional.empty());
    }

    @AfterAll
    void stop() {
        server.close();
    }

    private HttpResponse<String> post(String body, String... headers) throws Exception {
        HttpRequest.Builder request = server.request(McpHttpServer.ENDPOINT).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return StandInServer.send(request);
    }

    /** A ping of exactly {@code bytes} bytes of UTF-8. */
    private static String ping(int bytes) {
        String start = "{\"jsonrpc\":\"2.0\",\"id\":\"big\",\"method\":\"ping\",\"params\":{\"pad\":\"";
        String end = "\"}}";
        return start + "x".repeat(bytes - start.length() - end.length()) + end;
    }

    @Test
    void aMessageUpToTheLimitReachesTheTransportWholeHoweverItReads() throws Exception {
        String atTheLimit = ping(Limits.MESSAGE_BYTES);
        HttpResponse<String> taken = post(atTheLimit);
        assertThat(taken.statusCode()).isEqualTo(200);
        String[] given = taken.body().split("\n", 3);
        assertThat(given[0]).as("its length, whether ready, finished before and after it was read")
                .isEqualTo(Limits.MESSAGE_BYTES + " " + Limits.MESSAGE_BYTES + " false true true");
        assertThat(given[1]).as("read again as text, the same").isEqualTo("true");
        assertThat(given[2]).isEqualTo(atTheLimit);

        HttpResponse<String> over = post(ping(Limits.MESSAGE_BYTES + 1));
        assertThat(over.statusCode()).isEqualTo(413);
        assertThat(JSON.readTree(over.body()).path("error").path("message").asText()).contains("at most " + Limits.MESSAGE_BYTES + " bytes");
    }

    @Test
    void whatTheServerAnswersItselfAndWhatItRefusesIsJsonInUtf8() throws Exception {
        HttpResponse<String> listed = post("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/list\"}", "Mcp-Session-Id", "s1");
        assertThat(listed.statusCode()).isEqualTo(200);
        assertThat(listed.headers().firstValue("Content-Type")).contains("application/json;charset=UTF-8");
        assertThat(listed.body()).isEqualTo(LISTED);
        assertThat(post("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/list\"}").body()).as("without a session: the transport's")
                .endsWith("resources/list\"}");

        HttpResponse<String> refused = post("not json");
        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(refused.headers().firstValue("Content-Type")).contains("application/json;charset=UTF-8");
        assertThat(JSON.readTree(refused.body()).path("error").path("code").asInt()).isEqualTo(-32700);
    }

    @Test
    void anAnswerIsPassedOnAndOneNeverAskedForIsTheClientsMistake() throws Exception {
        HttpResponse<String> accepted = post("{\"jsonrpc\":\"2.0\",\"id\":\"asked\",\"result\":{}}");
        assertThat(accepted.statusCode()).isEqualTo(202);
        assertThat(accepted.body()).isEqualTo("accepted");

        String forty = "\"never-asked-" + "x".repeat(40 - "\"never-asked-\"".length()) + "\"";
        assertThat(forty).hasSize(40);
        assertThat(mistake(forty)).isEqualTo("Invalid Request: this server is waiting for no answer with the id " + forty);
        String longer = "\"never-asked-" + "y".repeat(60) + "\"";
        assertThat(mistake(longer)).isEqualTo("Invalid Request: this server is waiting for no answer with the id "
                + longer.substring(0, 40) + "...");
    }

    private String mistake(String id) throws Exception {
        HttpResponse<String> refused = post("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":{}}");
        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
        assertThat(refused.body()).doesNotContain("java");
        JsonNode answer = JSON.readTree(refused.body());
        assertThat(answer.get("id").isNull()).as("an error naming the answer's id would read as its own").isTrue();
        return answer.path("error").path("message").asText();
    }
}
