package dev.bearings.mcp.http;

import dev.bearings.app.folder.DataFolder;
import dev.bearings.app.folder.OwnerOnly;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Objects;

/**
 * The bearer token of the shared HTTP server: 32 random bytes, made on first start and kept in the data
 * folder, readable by its owner only, so only the user's own programs can read their notes through it.
 * {@link #rotate} replaces it; a running server reads the file again when it changes, so the old token
 * stops working at once, everywhere.
 */
public final class McpToken {
    public static final String FILE = DataFolder.TOKEN_FILE;

    private final Path file;
    private volatile Read read;

    /** The token as last read, and the file's time and identity then (a rotation writes a new file). */
    private record Read(String value, FileTime modified, Object fileKey) {
    }

    private McpToken(Path file, Read read) {
        this.file = file;
        this.read = read;
    }

    /** Reads the token in {@code folder}, making it first if there is none; narrows loose permissions. */
    public static McpToken loadOrCreate(Path folder) throws IOException {
        Path file = OwnerOnly.folder(folder).resolve(FILE);
        if (!Files.exists(file)) {
            try {
                // Created owner-only, so there is no moment in which others could read it.
                Files.createFile(file, ownerOnly(folder));
                Files.writeString(file, fresh() + "\n", StandardCharsets.UTF_8, StandardOpenOption.TRUNCATE_EXISTING);
            } catch (FileAlreadyExistsException anotherServerMadeIt) {
                // Read the one it made.
            }
        }
        OwnerOnly.file(file);
        return new McpToken(file, read(file));
    }

    /** Replaces the token in {@code folder} with a new one, whole or not at all. */
    public static Path rotate(Path folder) throws IOException {
        Path file = OwnerOnly.folder(folder).resolve(FILE);
        Path written = Files.createTempFile(folder, "." + FILE, ".tmp", ownerOnly(folder));
        Files.writeString(written, fresh() + "\n", StandardCharsets.UTF_8);
        Files.move(written, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return file;
    }

    private static String fresh() {
        byte[] random = new byte[32];
        new SecureRandom().nextBytes(random);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(random);
    }

    private static FileAttribute<?>[] ownerOnly(Path folder) {
        return Files.getFileAttributeView(folder, PosixFileAttributeView.class) != null
                ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(OwnerOnly.FILE)} : new FileAttribute<?>[0];
    }

    private static Read read(Path file) throws IOException {
        BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
        FileTime modified = attributes.lastModifiedTime();
        String token = Files.readString(file, StandardCharsets.UTF_8).strip();
        if (token.length() < 32) {
            throw new IOException("the token in " + file + " is too short to be safe; run bearings mcp --new-token");
        }
        return new Read(token, modified, attributes.fileKey());
    }

    /** The file the token is kept in. */
    public Path file() {
        return file;
    }

    public String value() {
        return current().value();
    }

    /** The token in the file now: read again when the file has changed; while it cannot be read, none. */
    private Read current() {
        Read last = read;
        try {
            BasicFileAttributes now = Files.readAttributes(file, BasicFileAttributes.class);
            if (!now.lastModifiedTime().equals(last.modified()) || !Objects.equals(now.fileKey(), last.fileKey())) {
                read = last = read(file);
            }
            return last;
        } catch (IOException unreadable) {
            return new Read("", last.modified(), last.fileKey());
        }
    }

    /** Whether an {@code Authorization} header carries this token; in constant time, so timing tells nothing. */
    public boolean admits(String authorization) {
        String value = current().value();
        if (value.isEmpty() || authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return false;
        }
        return MessageDigest.isEqual(authorization.substring(7).strip().getBytes(StandardCharsets.UTF_8),
                value.getBytes(StandardCharsets.UTF_8));
    }
}
