package dev.bearings.mcp.http;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * A running HTTP server's proof of who it is: a secret made at each start and written only to the
 * server's entry in the owner-only data folder. Before a client sends the token or a query to the port
 * an entry names, it sends a random challenge; only the server that wrote the entry can answer it. A
 * process that took the port of a server that died answers wrongly, and learns nothing: the challenge
 * is public, and the secret dies with the server.
 */
public final class ServerKey {
    public static final String CHALLENGE_HEADER = "Bearings-Challenge";
    public static final String PROOF_HEADER = "Bearings-Proof";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final byte[] secret;

    private ServerKey(byte[] secret) {
        this.secret = secret;
    }

    public static ServerKey random() {
        return new ServerKey(randomBytes(32));
    }

    /** The key as an entry holds it; {@link #parse} reads it back. */
    public String encoded() {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
    }

    public static ServerKey parse(String encoded) {
        byte[] secret = Base64.getUrlDecoder().decode(encoded.strip());
        if (secret.length < 32) {
            throw new IllegalArgumentException("a server key of " + secret.length + " bytes");
        }
        return new ServerKey(secret);
    }

    /** A fresh challenge for a server: random, so an answer cannot be replayed. */
    public static String challenge() {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(randomBytes(16));
    }

    /**
     * The answer to {@code challenge} sent to {@code address}:{@code port}: tied to both, so no server can answer
     * for another's, and a relay on another address or port gets a proof that does not pass.
     *
     * @param address the address the connection was made to, as {@link java.net.InetAddress#getHostAddress} writes it
     */
    public String proof(String address, int port, String challenge) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            byte[] answer = mac.doFinal((address + " " + port + " " + challenge).getBytes(StandardCharsets.UTF_8));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(answer);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }

    /** Whether {@code answer} is the proof for {@code challenge} on {@code address}:{@code port}; in constant time. */
    public boolean proves(String address, int port, String challenge, String answer) {
        return answer != null && MessageDigest.isEqual(proof(address, port, challenge).getBytes(StandardCharsets.UTF_8),
                answer.strip().getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] randomBytes(int count) {
        byte[] bytes = new byte[count];
        RANDOM.nextBytes(bytes);
        return bytes;
    }
}
