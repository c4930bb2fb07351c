package dev.bearings.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A real {@code bearings index} process stopped (SIGTERM) or killed (SIGKILL) in the middle of a run
 * leaves an index that opens, and the next run ends with exactly what a clean build gives.
 */
class KilledIndexRunTest {

    @TempDir
    Path notes;
    @TempDir
    Path killed;
    @TempDir
    Path clean;
    @TempDir
    Path workingDirectory;

    @Test
    void killedRunsAreCompletedByTheNextRun() throws Exception {
        for (int i = 0; i < 120; i++) {
            Files.writeString(notes.resolve("note-" + i + ".md"), "# Note " + i + "\n\n"
                    + ("Paragraph about topic " + i + " with details of the setup and its history. ").repeat(25)
                    + "\n\n## Part two\n\n" + ("More text for note " + i + ", section two. ").repeat(20) + "\n");
        }
        long seed = System.nanoTime();
        // Two SIGTERMs early, then two SIGKILLs: a run asked to stop goes on with the note in hand, and
        // sometimes a few more, until the JVM has exited; the last, instant kill must leave work to do.
        java.util.Random random = new java.util.Random(seed);
        int[] killPoints = java.util.stream.IntStream.concat(random.ints(2, 1, 60).sorted(), random.ints(2, 60, 110).sorted())
                .toArray();
        System.err.println("kill points " + java.util.Arrays.toString(killPoints) + " (SIGTERM, SIGTERM, SIGKILL, SIGKILL; seed "
                + seed + ")");
        for (int k = 0; k < killPoints.length; k++) {
            boolean term = k < 2;
            Path output = workingDirectory.resolve("run-" + k + ".txt");
            Process process = new ProcessBuilder(CliRun.command("index", "--folder", notes.toString(), "--index", killed.toString()))
                    .directory(workingDirectory.toFile()).redirectErrorStream(true).redirectOutput(output.toFile()).start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (process.isAlive() && notesIn(killed) < killPoints[k] && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            if (!term) {
                process.destroyForcibly().waitFor();
            } else {
                // SIGTERM, as a service manager or a closed terminal sends: the JVM runs its exit path
                // while the run is inside the embedding engine, which must neither hang nor crash.
                process.destroy();
                assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("the run stops when asked").isTrue();
                assertThat(process.exitValue()).as(Files.readString(output)).isEqualTo(143);
                assertThat(Files.readString(output)).doesNotContain("A fatal error has been detected");
            }
            assertThat(notesIn(killed)).as("the killed index opens and kept its finished notes")
                    .as("kill points %s, seed %d", java.util.Arrays.toString(killPoints), seed)
                    .isBetween(0, term ? 120 : 119);
        }
        try (var left = Files.list(workingDirectory)) {
            assertThat(left.map(p -> p.getFileName().toString())).as("no JVM crash report").noneMatch(n -> n.startsWith("hs_err"));
        }
        CliRun resumed = CliRun.of("index", "--index", killed.toString());
        assertThat(resumed.exitCode()).as(resumed.err()).isZero();
        assertThat(resumed.out()).contains("reused").doesNotContain(" 0 added, 0 changed");
        CliRun fresh = CliRun.of("index", "--folder", notes.toString(), "--index", clean.toString());
        assertThat(fresh.exitCode()).as(fresh.err()).isZero();
        assertThat(contents(killed)).isEqualTo(contents(clean)).hasSizeGreaterThan(120 * 3);
    }

    private static int notesIn(Path index) throws Exception {
        Path file = index.resolve("bearings.sqlite");
        if (!Files.exists(file)) {
            return 0;
        }
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + file);
             Statement s = db.createStatement()) {
            s.execute("PRAGMA busy_timeout = 5000");
            try (ResultSet tables = s.executeQuery("SELECT count(*) FROM sqlite_master WHERE name = 'notes'")) {
                if (tables.getInt(1) == 0) {
                    return 0;
                }
            }
            try (ResultSet rows = s.executeQuery("SELECT count(*) FROM notes")) {
                return rows.getInt(1);
            }
        }
    }

    /** Every note and chunk the index holds, as comparable lines, vectors included (as their hash). */
    private static List<String> contents(Path index) throws Exception {
        List<String> lines = new ArrayList<>();
        try (Connection db = DriverManager.getConnection("jdbc:sqlite:" + index.resolve("bearings.sqlite"));
             Statement s = db.createStatement()) {
            try (ResultSet rows = s.executeQuery("SELECT id, version, title FROM notes ORDER BY id")) {
                while (rows.next()) {
                    lines.add("note " + rows.getString(1) + " " + rows.getString(2) + " " + rows.getString(3));
                }
            }
            try (ResultSet rows = s.executeQuery("SELECT note_id, ordinal, heading_path, start_line, end_line, "
                    + "content_hash, hex(vector) FROM chunks ORDER BY note_id, ordinal")) {
                while (rows.next()) {
                    lines.add("chunk " + rows.getString(1) + " " + rows.getInt(2) + " " + rows.getString(3) + " "
                            + rows.getInt(4) + "-" + rows.getInt(5) + " " + rows.getString(6) + " "
                            + Integer.toHexString(rows.getString(7).hashCode()));
                }
            }
            try (ResultSet rows = s.executeQuery("SELECT count(*) FROM chunk_text")) {
                lines.add("fts rows " + rows.getInt(1));
            }
        }
        return lines;
    }
}
