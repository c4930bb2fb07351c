package dev.bearings.mcp;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Optional;

/**
 * The jar a server's classes are loaded from, as it was when the server started. A JVM loads classes from its
 * jar as it first needs them: a jar rebuilt or overwritten in place under it fails every class not yet loaded
 * (a served search answered {@code ClassNotFoundException} until the server was killed), so a server whose
 * jar changed stops, and the next search starts one of the new jar.
 */
final class CodeFile {
    private final Optional<Path> jar;
    private final String stamp;

    private CodeFile(Optional<Path> jar) {
        this.jar = jar;
        this.stamp = jar.map(CodeFile::stamp).orElse("");
    }

    /**
     * The jar {@code type} was loaded from; none for classes loaded from a folder (a build's own classes, whose
     * changes mix two builds' classes rather than lose them: a clone's developer restarts such a server).
     */
    static CodeFile of(Class<?> type) {
        try {
            var source = type.getProtectionDomain().getCodeSource();
            Path location = source == null ? null : Path.of(source.getLocation().toURI());
            return new CodeFile(Optional.ofNullable(location).filter(Files::isRegularFile));
        } catch (URISyntaxException | RuntimeException notAFile) {
            return new CodeFile(Optional.empty());
        }
    }

    /** {@code jar} itself, as a server running from it would watch it. */
    static CodeFile at(Path jar) {
        return new CodeFile(Optional.of(jar));
    }

    /** The jar watched, if the classes came from one. */
    Optional<Path> jar() {
        return jar;
    }

    /** The jar, when it is no longer the file the server started with (changed, replaced or gone). */
    Optional<Path> changed() {
        return jar.filter(file -> !stamp(file).equals(stamp));
    }

    /** Size, time and file key: a jar copied over in place changes the first two, one moved into place the key. */
    private static String stamp(Path file) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
            return attributes.size() + " " + attributes.lastModifiedTime().toMillis() + " " + attributes.fileKey();
        } catch (IOException gone) {
            return "gone";
        }
    }
}
