package dev.bearings.testkit;

import org.junit.jupiter.api.Assumptions;
import org.opentest4j.AssertionFailedError;

import java.util.Locale;
import java.util.function.Supplier;

/**
 * What a test needs from its machine (the shared data, Node.js, user namespaces). On a developer's
 * machine a missing one skips the test, saying why; in CI ({@code CI=true}) it fails the test, so a
 * guarded behaviour is never silently left untested there.
 */
public final class Prerequisite {

    private Prerequisite() {
    }

    /** Whether this run is CI's: the environment variable {@code CI} set to anything but false. */
    public static boolean inCi() {
        String ci = System.getenv("CI");
        return ci != null && !ci.isBlank() && !ci.strip().toLowerCase(Locale.ROOT).equals("false");
    }

    /** Skips the calling test (fails it in CI) unless {@code met}, with {@code what} saying what is missing. */
    public static void require(boolean met, Supplier<String> what) {
        if (met) {
            return;
        }
        if (inCi()) {
            throw new AssertionFailedError("CI must run this test, but its prerequisite is missing: " + what.get());
        }
        Assumptions.assumeTrue(false, () -> "skipped: " + what.get());
    }

    /** Skips the calling test (fails it in CI) unless {@code file} is there to read, such as a shared dataset. */
    public static void requireFile(java.nio.file.Path file) {
        require(java.nio.file.Files.isReadable(file), () -> "the file " + file.toAbsolutePath().normalize()
                + " is absent (the shared data is read from beside the project, or from -Dbearings.data=DIR)");
    }
}
