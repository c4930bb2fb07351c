package dev.bearings.mcp.http;

import io.modelcontextprotocol.spec.McpSchema;
import dev.bearings.mcp.JsonRpcChecks;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Every error the HTTP server answers, its own (401, 403, 413) and Tomcat's (404 for a path nobody serves,
 * 405 for a method), as a JSON-RPC error in our words, as the messages it refuses are answered: never
 * Tomcat's HTML page, its name or version. The status stays what HTTP says it is.
 */
public final class JsonErrors extends ErrorReportValve {
    /** What each status means to a client, when whoever refused said nothing. */
    private static final Map<Integer, String> SAID = Map.of(
            400, "the request cannot be read",
            401, "a bearer token is required",
            403, "only programs on this machine may connect",
            404, "nothing is served at this address",
            405, "this address does not take that method",
            413, "the request is too large");

    /** Made by Tomcat, as the host's error report valve. */
    public JsonErrors() {
        setShowReport(false);
        setShowServerInfo(false);
    }

    @Override
    protected void report(Request request, Response response, Throwable throwable) {
        int status = response.getStatus();
        if (status < 400 || response.isCommitted() || response.getContentWritten() > 0 || !response.isError()) {
            return;
        }
        String message = response.getMessage() != null && !response.getMessage().isBlank() && throwable == null
                ? response.getMessage() : SAID.getOrDefault(status, status < 500 ? "the request was refused" : "internal error");
        try {
            response.setContentType("application/json");
            response.setCharacterEncoding(StandardCharsets.UTF_8.name());
            Writer writer = response.getReporter();
            if (writer != null) {
                writer.write(new JsonRpcChecks.Refusal(null, code(status), message, true).json());
                writer.flush();
            }
        } catch (IOException | IllegalStateException cannot) {
            // The connection went: nothing to answer.
        }
    }

    /** A JSON-RPC error code for an HTTP status: the protocol's own where one fits, else one of the server range. */
    static int code(int status) {
        return switch (status) {
            case 400, 413 -> McpSchema.ErrorCodes.INVALID_REQUEST;
            case 404, 405 -> McpSchema.ErrorCodes.METHOD_NOT_FOUND;
            default -> status >= 500 ? McpSchema.ErrorCodes.INTERNAL_ERROR : -32000 - (status - 400);
        };
    }
}
