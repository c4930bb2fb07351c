package dev.bearings.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Set;

/**
 * The bearer token of the shared HTTP server: 32 random bytes, made on first start and kept in the data
 * folder, readable by its owner only, so only the user's own programs can read their notes through it.
 */
final class McpToken {
    static final String FILE = "mcp-token";
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    private final String value;

    private McpToken(String value) {
        this.value = value;
    }

    /** Reads the token in {@code folder}, making it first if there is none; narrows loose permissions. */
    static McpToken loadOrCreate(Path folder) throws IOException {
        Path file = folder.resolve(FILE);
        Files.createDirectories(folder);
        if (!Files.exists(file)) {
            byte[] random = new byte[32];
            new SecureRandom().nextBytes(random);
            String token = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
            try {
                // Created owner-only, so there is no moment in which others could read it.
                FileAttribute<?>[] ownerOnly = posix(folder)
                        ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(OWNER_ONLY)} : new FileAttribute<?>[0];
                Files.createFile(file, ownerOnly);
                Files.writeString(file, token + "\n", StandardCharsets.UTF_8, StandardOpenOption.TRUNCATE_EXISTING);
            } catch (FileAlreadyExistsException anotherServerMadeIt) {
                // Read the one it made.
            }
        }
        if (posix(folder) && !Files.getPosixFilePermissions(file).equals(OWNER_ONLY)) {
            Files.setPosixFilePermissions(file, OWNER_ONLY);
        }
        String token = Files.readString(file, StandardCharsets.UTF_8).strip();
        if (token.length() < 32) {
            throw new IOException("the token in " + file + " is too short to be safe; delete the file and a new one is made");
        }
        return new McpToken(token);
    }

    private static boolean posix(Path folder) {
        return Files.getFileAttributeView(folder, PosixFileAttributeView.class) != null;
    }

    String value() {
        return value;
    }

    /** Whether an {@code Authorization} header carries this token; in constant time, so timing tells nothing. */
    boolean admits(String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return false;
        }
        return MessageDigest.isEqual(authorization.substring(7).strip().getBytes(StandardCharsets.UTF_8),
                value.getBytes(StandardCharsets.UTF_8));
    }
}
