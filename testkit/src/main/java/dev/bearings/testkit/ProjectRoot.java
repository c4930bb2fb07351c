package dev.bearings.testkit;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The root folder of the Bearings project (where {@code mvnw} and {@code .mvn} are), found by walking
 * up from the working directory: tests run from a module's folder, benchmarks from the root, and the
 * examples from their own folders, and all of them find the example notes and the shared data the
 * same way.
 */
public final class ProjectRoot {
    public static final Path FOLDER = find(Path.of("").toAbsolutePath());
    /** The notes bundled with the project, which the README indexes. */
    public static final Path EXAMPLE_NOTES = FOLDER.resolve("examples").resolve("notes");

    private ProjectRoot() {
    }

    static Path find(Path start) {
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("mvnw")) && Files.isDirectory(dir.resolve(".mvn"))) {
                return dir;
            }
        }
        throw new IllegalStateException("no Bearings project folder (with mvnw and .mvn) above " + start);
    }
}
