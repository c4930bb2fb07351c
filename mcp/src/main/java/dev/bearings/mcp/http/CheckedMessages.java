package dev.bearings.mcp.http;

import io.modelcontextprotocol.spec.McpSchema;
import dev.bearings.app.words.Limits;
import dev.bearings.mcp.JsonRpcChecks;
import io.modelcontextprotocol.json.McpJsonMapper;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Reads each message posted to the MCP endpoint before the SDK's transport does, by the same checks as
 * the stdio guard ({@link JsonRpcChecks}): a message refused is answered here, status 400 and a
 * JSON-RPC error in our words, and never reaches the transport, whose own answer would quote Jackson
 * and Java and goes through an error path that can leave it cut off. A message taken is passed on whole.
 */
final class CheckedMessages implements Filter {
    private final McpJsonMapper sdkJson;
    private final java.util.function.Function<com.fasterxml.jackson.databind.JsonNode, Optional<String>> direct;

    CheckedMessages(McpJsonMapper sdkJson, java.util.function.Function<com.fasterxml.jackson.databind.JsonNode, Optional<String>> direct) {
        this.sdkJson = sdkJson;
        this.direct = direct;
    }

    @Override
    public void doFilter(ServletRequest servletRequest, ServletResponse servletResponse, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest request = (HttpServletRequest) servletRequest;
        HttpServletResponse response = (HttpServletResponse) servletResponse;
        if (!"POST".equals(request.getMethod())) {
            chain.doFilter(request, response);
            return;
        }
        byte[] body = request.getInputStream().readNBytes(Limits.MESSAGE_BYTES + 1);
        if (body.length > Limits.MESSAGE_BYTES) {
            answer(response, HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE, new JsonRpcChecks.Refusal(null, McpSchema.ErrorCodes.INVALID_REQUEST,
                    "Invalid Request: a message may be at most " + Limits.MESSAGE_BYTES + " bytes", true));
            return;
        }
        JsonRpcChecks.Checked checked = JsonRpcChecks.check(new String(body, StandardCharsets.UTF_8), sdkJson);
        Optional<JsonRpcChecks.Refusal> refused = checked.refusal();
        if (refused.isEmpty() && request.getHeader("Mcp-Session-Id") != null) {
            // Answered here, a page at a time, for a client with a session (the token, checked before, is what admits it).
            Optional<String> answered = direct.apply(checked.message());
            if (answered.isPresent()) {
                byte[] json = answered.get().getBytes(StandardCharsets.UTF_8);
                response.setStatus(HttpServletResponse.SC_OK);
                response.setContentType("application/json");
                response.setCharacterEncoding("UTF-8");
                response.setContentLength(json.length);
                response.getOutputStream().write(json);
                return;
            }
        }
        if (refused.isPresent()) {
            JsonRpcChecks.Refusal refusal = refused.get();
            // A malformed answer from the client is refused too, as the transport's rules say, but with no id:
            // an error that names the id of an answer would read as that answer's own.
            answer(response, HttpServletResponse.SC_BAD_REQUEST, refusal.answer() ? refusal
                    : new JsonRpcChecks.Refusal(null, refusal.code(), refusal.message(), true));
            return;
        }
        if (!checked.message().has("method")) {
            // An answer from the client: the transport accepts it (202) or, for an id it never asked with,
            // fails it with a 500 that quotes Java. That is the client's mistake, said as one.
            Held held = new Held(response);
            chain.doFilter(new ReadAgain(request, body), held);
            if (held.status >= HttpServletResponse.SC_INTERNAL_SERVER_ERROR) {
                response.reset();
                answer(response, HttpServletResponse.SC_BAD_REQUEST, new JsonRpcChecks.Refusal(null, McpSchema.ErrorCodes.INVALID_REQUEST,
                        "Invalid Request: this server is waiting for no answer with the id " + clip(checked.message().get("id")), true));
            } else {
                held.release();
            }
            return;
        }
        chain.doFilter(new ReadAgain(request, body), response);
    }

    private static String clip(com.fasterxml.jackson.databind.JsonNode id) {
        String text = id.toString();
        return text.length() <= 40 ? text : text.substring(0, 40) + "...";
    }

    /** A response whose status and body are held until {@link #release}: the transport's answer to an answer is short. */
    private static final class Held extends jakarta.servlet.http.HttpServletResponseWrapper {
        private final java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        private final HttpServletResponse response;
        private int status = SC_OK;
        private java.io.PrintWriter writer;

        Held(HttpServletResponse response) {
            super(response);
            this.response = response;
        }

        @Override
        public void setStatus(int status) {
            this.status = status;
        }

        @Override
        public void sendError(int status) {
            this.status = status;
        }

        @Override
        public void sendError(int status, String message) {
            this.status = status;
        }

        @Override
        public int getStatus() {
            return status;
        }

        @Override
        public java.io.PrintWriter getWriter() {
            if (writer == null) {
                writer = new java.io.PrintWriter(new java.io.OutputStreamWriter(bytes, StandardCharsets.UTF_8));
            }
            return writer;
        }

        @Override
        public ServletOutputStream getOutputStream() {
            return new ServletOutputStream() {
                @Override
                public void write(int b) {
                    bytes.write(b);
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setWriteListener(jakarta.servlet.WriteListener listener) {
                    throw new IllegalStateException("held");
                }
            };
        }

        @Override
        public void flushBuffer() {
            // Held until released.
        }

        void release() throws IOException {
            if (writer != null) {
                writer.flush();
            }
            response.setStatus(status);
            if (bytes.size() > 0) {
                response.setContentLength(bytes.size());
                response.getOutputStream().write(bytes.toByteArray());
            }
        }
    }

    private static void answer(HttpServletResponse response, int status, JsonRpcChecks.Refusal refusal) throws IOException {
        byte[] json = refusal.json().getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setContentType("application/json");
        response.setCharacterEncoding("UTF-8");
        response.setContentLength(json.length);
        response.getOutputStream().write(json);
    }

    /** The request, its body read once here and given again to the transport. */
    private static final class ReadAgain extends HttpServletRequestWrapper {
        private final byte[] body;

        ReadAgain(HttpServletRequest request, byte[] body) {
            super(request);
            this.body = body;
        }

        @Override
        public ServletInputStream getInputStream() {
            ByteArrayInputStream in = new ByteArrayInputStream(body);
            return new ServletInputStream() {
                @Override
                public int read() {
                    return in.read();
                }

                @Override
                public int read(byte[] buffer, int offset, int length) {
                    return in.read(buffer, offset, length);
                }

                @Override
                public boolean isFinished() {
                    return in.available() == 0;
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setReadListener(ReadListener listener) {
                    throw new IllegalStateException("the body is already read");
                }
            };
        }

        @Override
        public BufferedReader getReader() {
            return new BufferedReader(new InputStreamReader(getInputStream(), StandardCharsets.UTF_8));
        }

        @Override
        public int getContentLength() {
            return body.length;
        }

        @Override
        public long getContentLengthLong() {
            return body.length;
        }
    }
}
