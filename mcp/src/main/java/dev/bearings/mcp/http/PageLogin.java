package dev.bearings.mcp.http;

import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How a browser gets into the search page, as in Jupyter: a program holding the bearer token (the
 * {@code bearings open} command) asks {@value #ADDRESS_ENDPOINT} for a one-time address; the browser
 * opens it ({@value #ENDPOINT}{@code ?code=...}), and the code, used once, is exchanged for a session
 * cookie (HttpOnly, SameSite=Strict) and a redirect to the page's clean address. The sessions are held
 * by this object alone: a server started again knows none of them, so an old cookie is refused. The
 * bearer token never reaches the browser. Codes and session ids are kept as their SHA-256 digests, so
 * looking one up tells nothing of the others by its timing.
 */
public final class PageLogin extends HttpServlet {
    /** Where the browser exchanges a one-time code for a session (GET, with {@code code}). */
    public static final String ENDPOINT = "/login";
    /** Where a program holding the token asks for a one-time address (POST); answers its path, {@code /login?code=...}, as text. */
    public static final String ADDRESS_ENDPOINT = "/page-address";
    /** How long a one-time address may wait for its browser. */
    static final Duration CODE_LIFE = Duration.ofMinutes(5);
    /** How long a session may go unused before it ends. */
    static final Duration SESSION_IDLE = Duration.ofHours(12);
    /** Codes and sessions at once: a program asking for thousands can only push out the oldest. */
    static final int MOST = 64;
    private static final SecureRandom RANDOM = new SecureRandom();

    /** Codes not yet used, by digest: when each was made ({@link System#nanoTime}). */
    private final transient Map<String, Long> codes = new ConcurrentHashMap<>();
    /** Live sessions, by digest of their cookie: when each was last used. */
    private final transient Map<String, Long> sessions = new ConcurrentHashMap<>();

    /** The session cookie's name: a browser sends cookies to every port of a host, and each server has its own. */
    static String cookieName(int port) {
        return "bearings-" + port;
    }

    /** A new one-time code, good for {@link #CODE_LIFE}. */
    public String newCode() {
        String code = random();
        keep(codes, digest(code), CODE_LIFE);
        return code;
    }

    /** Whether the request carries this server's live session cookie; a use keeps the session alive. */
    boolean admits(HttpServletRequest request) {
        Cookie[] cookies = request.getCookies();
        if (cookies == null) {
            return false;
        }
        String name = cookieName(request.getLocalPort());
        long now = System.nanoTime();
        for (Cookie cookie : cookies) {
            if (cookie.getName().equals(name)) {
                String id = digest(cookie.getValue());
                Long used = sessions.get(id);
                if (used != null && now - used < SESSION_IDLE.toNanos()) {
                    sessions.put(id, now);
                    return true;
                }
                sessions.remove(id);
            }
        }
        return false;
    }

    /** The one-time code exchanged for a session cookie, and the browser sent to the page. */
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String code = request.getParameter("code");
        Long made = code == null ? null : codes.remove(digest(code));
        if (made == null || System.nanoTime() - made >= CODE_LIFE.toNanos()) {
            SearchPage.refuse(response, HttpServletResponse.SC_FORBIDDEN, "This address has been used or has expired",
                    "Each address opens the page once. Run <code>bearings open</code> again for a new one.");
            return;
        }
        String session = random();
        keep(sessions, digest(session), SESSION_IDLE);
        Cookie cookie = new Cookie(cookieName(request.getLocalPort()), session);
        cookie.setHttpOnly(true);
        cookie.setPath("/");
        cookie.setAttribute("SameSite", "Strict");
        response.addCookie(cookie);
        response.setStatus(HttpServletResponse.SC_SEE_OTHER);
        response.setHeader("Location", "/");
    }

    /** A new one-time address, for a program that holds the token (the guard let it through). */
    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!ADDRESS_ENDPOINT.equals(request.getServletPath())) {
            response.sendError(HttpServletResponse.SC_METHOD_NOT_ALLOWED);
            return;
        }
        byte[] body = (ENDPOINT + "?code=" + newCode()).getBytes(StandardCharsets.UTF_8);
        response.setContentType("text/plain;charset=utf-8");
        response.setHeader("Cache-Control", "no-store");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    /** Adds {@code key} as of now, first dropping what is older than {@code life} and, when full, the oldest. */
    private static void keep(Map<String, Long> held, String key, Duration life) {
        long now = System.nanoTime();
        held.values().removeIf(since -> now - since >= life.toNanos());
        while (held.size() >= MOST) {
            held.entrySet().stream().min(Map.Entry.comparingByValue()).ifPresent(oldest -> held.remove(oldest.getKey()));
        }
        held.put(key, now);
    }

    private static String random() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static String digest(String secret) {
        try {
            return Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
