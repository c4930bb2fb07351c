package dev.bearings.testprocess;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where the project's own data and the shared evaluation data are, found the same way from anywhere in
 * the project: by walking up from the working directory to the project's root folder (where
 * {@code mvnw} and {@code .mvn} are). Tests run from a module's folder, benchmarks from the root.
 */
public final class ProjectData {
    /** The project's root folder. */
    public static final Path ROOT = root(Path.of("").toAbsolutePath());
    /** The notes bundled with the project, which the README indexes. */
    public static final Path EXAMPLE_NOTES = ROOT.resolve("examples").resolve("notes");
    /** The project's personal-notes evaluation set. */
    public static final Path PERSONAL_NOTES = ROOT.resolve("eval").resolve("personal-notes");
    /** The shared data beside the project ({@code ../shared/data}), unless {@code -Dbearings.data=DIR} says otherwise. */
    public static final Path SHARED = Optional.ofNullable(System.getProperty("bearings.data")).map(Path::of)
            .orElseGet(() -> ROOT.resolveSibling("shared").resolve("data")).toAbsolutePath().normalize();
    public static final Path POWERSHELL_DOCS = SHARED.resolve("corpora/windows-powershell-docs.md.tar.gz");

    private ProjectData() {
    }

    static Path root(Path start) {
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("mvnw")) && Files.isDirectory(dir.resolve(".mvn"))) {
                return dir;
            }
        }
        // Outside the project (a jar run elsewhere): the working directory stands in for it.
        return start;
    }
}
