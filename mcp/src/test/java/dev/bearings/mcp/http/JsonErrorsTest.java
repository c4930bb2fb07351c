package dev.bearings.mcp.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Whatever a servlet behind the server refuses or fails with is answered as a JSON-RPC error in UTF-8: in the words
 * it gave, or, when it gave none (or failed), in the server's own words for the status, never the failure's.
 */
class JsonErrorsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Refuses with the status (and the words, when there are any) its path names: /status/418, /status/409/words. */
    private static final class Refusing extends HttpServlet {
        @Override
        protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
            String[] asked = request.getPathInfo().substring(1).split("/", 2);
            if (asked.length == 1) {
                response.sendError(Integer.parseInt(asked[0]));
            } else {
                response.sendError(Integer.parseInt(asked[0]), asked[1]);
            }
        }
    }

    /** Fails as a servlet with a bug does. */
    private static final class Failing extends HttpServlet {
        @Override
        protected void doGet(HttpServletRequest request, HttpServletResponse response) {
            throw new IllegalStateException("a detail of the failure");
        }
    }

    @Test
    void refusalsAndFailuresAreJsonRpcErrorsInTheirOwnWordsOrTheServers(@TempDir Path data) throws Exception {
        try (StandInServer server = StandInServer.start(data, Map.of("/status/*", new Refusing(), "/failing", new Failing()))) {
            assertError(server, "/status/400", 400, -32600, "the request cannot be read");
            assertError(server, "/status/418", 418, -32018, "the request was refused");
            assertError(server, "/status/409/the%20note%20changed", 409, -32009, "the note changed");
            assertError(server, "/status/409/%20%20", 409, -32009, "the request was refused");
            assertError(server, "/status/503", 503, -32603, "internal error");
            assertError(server, "/failing", 500, -32603, "internal error");
        }
    }

    private static void assertError(StandInServer server, String path, int status, int code, String message) throws Exception {
        HttpResponse<String> answer = StandInServer.send(server.request(path));
        assertThat(answer.statusCode()).as(path).isEqualTo(status);
        assertThat(answer.headers().firstValue("Content-Type")).as(path).contains("application/json;charset=UTF-8");
        JsonNode error = JSON.readTree(answer.body());
        assertThat(error.path("jsonrpc").asText()).as(answer.body()).isEqualTo("2.0");
        assertThat(error.path("error").path("code").asInt()).as(answer.body()).isEqualTo(code);
        assertThat(error.path("error").path("message").asText()).as(answer.body()).isEqualTo(message);
    }
}
