package dev.bearings.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;

/**
 * The messages this server takes, checked before the MCP SDK reads one, over stdio and over HTTP
 * alike: what the SDK cannot read stops its stdio reader for good, and what it reads but cannot turn
 * into a request (a tool's arguments that are not an object) it answers with Jackson's words and Java's
 * class names, over HTTP through an error path that can leave the answer cut off. Refused here, each gets
 * a JSON-RPC error in our words.
 */
public final class JsonRpcChecks {
    private static final ObjectMapper JSON = new ObjectMapper();

    private JsonRpcChecks() {
    }

    /**
     * Why a message is not taken, and how to answer it.
     *
     * @param id     the message's id when it has a usable one, else null
     * @param answer false for a message that is itself an answer: answering an answer could echo for ever
     */
    public record Refusal(JsonNode id, int code, String message, boolean answer) {
        /** The JSON-RPC error, one line. */
        public String json() {
            try {
                return JSON.writeValueAsString(error(id, code, message, null));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /**
     * A JSON-RPC error answer, the one shape every refusal and failure of this server takes, whoever sends it.
     *
     * @param id   the id of the message answered, or null when it had none that could be used
     * @param data what the error adds, or null
     */
    public static ObjectNode error(JsonNode id, int code, String message, JsonNode data) {
        ObjectNode error = JsonNodeFactory.instance.objectNode();
        error.put("jsonrpc", "2.0");
        error.set("id", id == null ? JsonNodeFactory.instance.nullNode() : id);
        ObjectNode said = error.putObject("error").put("code", code).put("message", message);
        if (data != null) {
            said.set("data", data);
        }
        return error;
    }

    /**
     * A message as read, once, for whoever passes it on, and why it is not taken.
     *
     * @param message the message; null when it is not JSON
     * @param refusal empty when the message is taken
     */
    public record Checked(JsonNode message, Optional<Refusal> refusal) {
    }

    /** {@code text} read, and why it is not a message this server takes. */
    public static Checked check(String text, McpJsonMapper sdkJson) {
        JsonNode message;
        try {
            message = JSON.readTree(text);
        } catch (IOException e) {
            message = null;
        }
        if (message == null) {
            return new Checked(null, Optional.of(new Refusal(null, McpSchema.ErrorCodes.PARSE_ERROR, "Parse error: the message is not JSON", true)));
        }
        return new Checked(message, refusal(message, text, sdkJson));
    }

    private static Optional<Refusal> refusal(JsonNode message, String text, McpJsonMapper sdkJson) {
        JsonNode id = message.isObject() && usable(message.get("id")) ? message.get("id") : null;
        boolean isAnswer = message.isObject() && !message.has("method") && (message.has("result") || message.has("error"));
        String problem = problem(message);
        if (problem == null) {
            try {
                McpSchema.deserializeJsonRpcMessage(sdkJson, text);
            } catch (IOException | RuntimeException unreadable) {
                problem = "not a JSON-RPC message this server can read";
            }
        }
        if (problem != null) {
            return Optional.of(new Refusal(id, McpSchema.ErrorCodes.INVALID_REQUEST, "Invalid Request: " + problem, !isAnswer));
        }
        String params = paramsProblem(message);
        return params == null ? Optional.empty() : Optional.of(new Refusal(id, McpSchema.ErrorCodes.INVALID_PARAMS, "Invalid params: " + params, true));
    }

    /** What makes this not a JSON-RPC 2.0 request, notification or response; null when nothing does. */
    static String problem(JsonNode message) {
        if (!message.isObject()) {
            return "a message must be a JSON object";
        }
        if (!"2.0".equals(message.path("jsonrpc").asText(null))) {
            return "jsonrpc must be \"2.0\"";
        }
        JsonNode id = message.get("id");
        if (id != null && !usable(id)) {
            return "id must be a string or an integer of at most 64 bits";
        }
        if (message.has("method")) {
            if (!message.get("method").isTextual()) {
                return "method must be a string";
            }
            JsonNode params = message.get("params");
            if (params != null && !params.isObject()) {
                return "params must be an object";
            }
            return null;
        }
        if (id != null && message.has("result") != message.has("error")) {
            JsonNode error = message.get("error");
            if (error != null && !(error.isObject() && error.path("code").canConvertToInt() && error.path("code").isIntegralNumber()
                    && error.path("message").isTextual())) {
                return "error must be an object with an integer code and a message";
            }
            return null;
        }
        return "a message needs a method, or an id with a result or an error";
    }

    /** What is wrong with the params of a request this server answers, by the MCP schema; null when nothing is. */
    static String paramsProblem(JsonNode message) {
        JsonNode params = message.path("params");
        return switch (message.path("method").asText("")) {
            case McpSchema.METHOD_TOOLS_CALL, McpSchema.METHOD_PROMPT_GET -> !params.path("name").isTextual() ? "name must be a string"
                    : params.has("arguments") && !params.get("arguments").isObject() && !params.get("arguments").isNull()
                    ? "arguments must be an object" : null;
            case McpSchema.METHOD_RESOURCES_READ -> !params.path("uri").isTextual() ? "uri must be a string" : null;
            case McpSchema.METHOD_INITIALIZE -> !params.path("protocolVersion").isTextual() ? "initialize needs params.protocolVersion, a string"
                    : !params.path("capabilities").isObject() ? "initialize needs params.capabilities, an object"
                    : !params.path("clientInfo").path("name").isTextual() || !params.path("clientInfo").path("version").isTextual()
                    ? "initialize needs params.clientInfo with a name and a version" : null;
            default -> null;
        };
    }

    static boolean usable(JsonNode id) {
        return id != null && (id.isTextual() || (id.isIntegralNumber() && id.canConvertToLong()));
    }
}
