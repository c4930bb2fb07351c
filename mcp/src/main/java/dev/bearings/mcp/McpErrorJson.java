package dev.bearings.mcp;

import io.modelcontextprotocol.spec.McpSchema;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import io.modelcontextprotocol.spec.McpError;

import java.io.IOException;

/**
 * Writes an {@link McpError} as the JSON-RPC error it stands for. The SDK's HTTP transport writes a
 * refused request's {@code McpError} with the mapper as it is, and Jackson's default for an exception
 * carries its stack trace (class names, line numbers) to whoever asked, token or not.
 */
public final class McpErrorJson extends JsonSerializer<McpError> {

    private McpErrorJson() {
    }

    /** {@code mapper}, writing MCP errors as JSON-RPC errors. */
    public static ObjectMapper into(ObjectMapper mapper) {
        return mapper.registerModule(new SimpleModule("mcp-errors").addSerializer(McpError.class, new McpErrorJson()));
    }

    @Override
    public void serialize(McpError error, JsonGenerator json, SerializerProvider serializers) throws IOException {
        var rpc = error.getJsonRpcError();
        serializers.defaultSerializeValue(JsonRpcChecks.error(null, rpc != null ? rpc.code() : McpSchema.ErrorCodes.INTERNAL_ERROR,
                rpc != null ? rpc.message() : "internal error", null), json);
    }
}
