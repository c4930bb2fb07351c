package dev.bearings.mcp.http;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The search page's files (its HTML, style sheet, script and icon), served from the jar, and what every
 * answer of the server carries so that a browser holds the page to the strictest rules: a
 * Content-Security-Policy that allows the page's own files alone (no inline script or style, no frame
 * around it), no content sniffing, no referrer. The page and its API ({@value #API}) are reached with the
 * cookie {@link PageLogin} gives, or the bearer token.
 */
public final class SearchPage extends HttpServlet {
    /** The page's JSON endpoints, under this prefix. */
    public static final String API = "/api/";
    public static final String CONTENT_SECURITY_POLICY = "default-src 'self'; base-uri 'none'; form-action 'none'; "
            + "frame-ancestors 'none'; object-src 'none'";
    /** The files by the path they are served at ({@code ""}: the page, at the server's root). */
    private static final Map<String, String> FILES = Map.of("", "index.html", "/page.css", "page.css", "/page.js", "page.js",
            "/icon.svg", "icon.svg");
    private static final Map<String, String> TYPES = Map.of("html", "text/html;charset=utf-8", "css", "text/css;charset=utf-8",
            "js", "text/javascript;charset=utf-8", "svg", "image/svg+xml");

    private final transient Map<String, byte[]> contents = new LinkedHashMap<>();

    public SearchPage() {
        FILES.forEach((path, file) -> {
            try (InputStream in = SearchPage.class.getResourceAsStream("page/" + file)) {
                if (in == null) {
                    throw new IllegalStateException("the search page's " + file + " is missing from the jar");
                }
                contents.put(file, in.readAllBytes());
            } catch (IOException e) {
                throw new UncheckedIOException("the search page's " + file + " cannot be read from the jar", e);
            }
        });
    }

    /** The paths this servlet serves, as servlet mappings ({@code ""}: the root alone). */
    public static Iterable<String> paths() {
        return FILES.keySet();
    }

    /** Whether a request for {@code uri} is one for the page or its API, which the page's cookie admits. */
    static boolean covers(String uri) {
        return uri.equals("/") || FILES.containsKey(uri) || uri.startsWith(API);
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String file = FILES.get(request.getServletPath());
        byte[] body = file == null ? null : contents.get(file);
        if (body == null) {
            response.sendError(HttpServletResponse.SC_NOT_FOUND);
            return;
        }
        response.setContentType(TYPES.get(file.substring(file.lastIndexOf('.') + 1)));
        response.setHeader("Cache-Control", "no-cache");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    /** What every answer of the server carries, the page's or not. */
    static void secure(HttpServletResponse response) {
        response.setHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("Referrer-Policy", "no-referrer");
        response.setHeader("X-Frame-Options", "DENY");
        response.setHeader("Cross-Origin-Opener-Policy", "same-origin");
        response.setHeader("Cross-Origin-Resource-Policy", "same-origin");
    }

    /**
     * A refusal a person reads in the browser: a small page in our words, with no script.
     *
     * @param html our own text, never anything from the request
     */
    static void refuse(HttpServletResponse response, int status, String title, String html) throws IOException {
        byte[] body = ("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" "
                + "content=\"width=device-width, initial-scale=1\"><title>Bearings: " + title + "</title>"
                + "</head><body><main><h1>" + title + "</h1><p>"
                + html + "</p></main></body></html>").getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setContentType("text/html;charset=utf-8");
        response.setHeader("Cache-Control", "no-store");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
