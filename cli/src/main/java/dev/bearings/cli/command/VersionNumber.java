package dev.bearings.cli.command;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The version this command was built as, from its POM (through a filtered resource). Apart from
 * picocli's {@link Version}: a served search reads it before picocli may be loaded.
 */
public final class VersionNumber {
    public static final String NUMBER = read("version");
    /**
     * This build: its version and when it was made. A served search is answered only by a server of the same
     * build, and a background server of another build steps aside.
     */
    public static final String BUILD = NUMBER + " built " + read("build");

    private VersionNumber() {
    }

    private static String read(String key) {
        try (InputStream in = VersionNumber.class.getResourceAsStream("version.properties")) {
            if (in == null) {
                throw new IllegalStateException("version.properties is missing from the build");
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty(key);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
