package dev.bearings.cli;

import dev.bearings.app.words.Counted;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A real {@code bearings index} process stopped (SIGTERM) or killed (SIGKILL) in the middle of a run
 * leaves an index that opens and has lost none of the notes it held when the signal came, and the
 * next run ends with exactly what a clean build gives.
 */
class KilledIndexRunTest {
    private static final int NOTES = 120;
    /** How a JVM ends on each signal: 128 + the signal's number. */
    private static final int SIGTERM_EXIT = 143;
    private static final int SIGKILL_EXIT = 137;

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
        // Two chunks a note, short ones: the run is the notes' writes, and embedding longer text only costs time.
        for (int i = 0; i < NOTES; i++) {
            Files.writeString(notes.resolve("note-" + i + ".md"), "# Note " + i + "\n\n"
                    + ("Paragraph about topic " + i + " with details of the setup and its history. ").repeat(6)
                    + "\n\n## Part two\n\n" + ("More text for note " + i + ", section two. ").repeat(5) + "\n");
        }
        long seed = System.nanoTime();
        // Two SIGTERMs early, then two SIGKILLs: a run asked to stop goes on with the note in hand, and
        // sometimes a few more, until the JVM has exited; the last, instant kill must leave work to do.
        Random random = new Random(seed);
        // The last kill point leaves at least two rounds of notes (16 each) to do, so the run is still indexing.
        int[] killPoints = IntStream.concat(random.ints(2, 1, 60).sorted(), random.ints(2, 60, 88).sorted()).toArray();
        String where = "kill points " + Arrays.toString(killPoints) + " (SIGTERM, SIGTERM, SIGKILL, SIGKILL; seed " + seed + ")";
        System.err.println(where);
        int held = 0;
        for (int k = 0; k < killPoints.length; k++) {
            boolean term = k < 2;
            Path output = workingDirectory.resolve("run-" + k + ".txt");
            Process process = new ProcessBuilder(CliRun.command("index", "--folder", notes.toString(), "--index", killed.toString()))
                    .directory(workingDirectory.toFile()).redirectErrorStream(true).redirectOutput(output.toFile()).start();
            try {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
                while (process.isAlive() && notesIn(killed) < killPoints[k] && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
                int before = notesIn(killed);
                assertThat(before).as("the index never loses notes between runs; %s", where).isGreaterThanOrEqualTo(held);
                assertThat(process.isAlive()).as("the run is still indexing when signalled; %s\n%s", where,
                        Files.readString(output)).isTrue();
                if (term) {
                    // SIGTERM, as a service manager or a closed terminal sends: the JVM runs its exit path
                    // while the run is inside the embedding engine, which must neither hang nor crash.
                    process.destroy();
                } else {
                    process.destroyForcibly();
                }
                assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("the run stops when signalled").isTrue();
                assertThat(process.exitValue()).as(Files.readString(output)).isEqualTo(term ? SIGTERM_EXIT : SIGKILL_EXIT);
                assertThat(Files.readString(output)).doesNotContain("A fatal error has been detected");
                held = notesIn(killed);
                assertThat(held).as("the signalled index opens and kept the notes it held; %s", where)
                        .isGreaterThanOrEqualTo(before).isLessThanOrEqualTo(NOTES);
                if (!term) {
                    assertThat(held).as("an instant kill leaves work for the next run; %s", where).isLessThan(NOTES);
                }
            } finally {
                process.destroyForcibly();
                process.waitFor(30, TimeUnit.SECONDS);
            }
        }
        try (var left = Files.list(workingDirectory)) {
            assertThat(left.map(p -> p.getFileName().toString())).as("no JVM crash report").noneMatch(n -> n.startsWith("hs_err"));
        }
        CliRun resumed = CliRun.of("index", "--index", killed.toString());
        assertThat(resumed.exitCode()).as(resumed.err()).isZero();
        assertThat(resumed.out()).contains("reused").contains(Counted.of(NOTES - held, "note") + " added, 0 changed, 0 removed, " + held + " unchanged");
        CliRun fresh = CliRun.of("index", "--folder", notes.toString(), "--index", clean.toString());
        assertThat(fresh.exitCode()).as(fresh.err()).isZero();
        // A line per note, one per chunk (two a note) and the full-text rows.
        assertThat(contents(killed)).isEqualTo(contents(clean)).hasSize(NOTES * 3 + 1);
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
