package dev.bearings.source.bear;

import dev.bearings.core.note.Note;
import dev.bearings.core.note.NoteText;
import dev.bearings.core.source.NoteFingerprint;
import dev.bearings.core.source.NoteSource;
import dev.bearings.core.source.SourceException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BearSourceTest {

    @TempDir
    Path folder;

    @ParameterizedTest
    @EnumSource(BearFixture.Version.class)
    void skipsTrashedDeletedEncryptedAndArchivedNotesAndReadsTagsAndAttachments(BearFixture.Version version) throws Exception {
        BearFixture bear = new BearFixture(folder, version, BearSourceTest::open);
        String vpn = bear.add("VPN", "# VPN\n\nWireGuard setup.\n");
        bear.tag(vpn, "network");
        bear.tag(vpn, "network/vpn");
        bear.attach(vpn, "router.png", "Port forwarding 51820 UDP to 192.168.1.20");
        bear.add("Trashed", "# Trashed\n", "ZTRASHED = 1");
        String archived = bear.add("Archived", "# Archived\n", "ZARCHIVED = 1");
        if (version == BearFixture.Version.BEAR_2) {
            bear.add("Deleted", "# Deleted\n", "ZPERMANENTLYDELETED = 1");
            bear.add("Secret", null, "ZENCRYPTED = 1");
        }
        byte[] before = sha256(bear.database);
        try (BearSource source = new BearSource(bear.database, false, Duration.ofSeconds(2))) {
            assertThat(source.list()).extracting(NoteFingerprint::id).containsExactly(vpn);
            assertThat(source.skipped()).containsEntry("trashed", 1)
                    .containsEntry("archived (index them with --include-archived)", 1);
            if (version == BearFixture.Version.BEAR_2) {
                assertThat(source.skipped()).containsEntry("permanently deleted", 1).containsEntry("encrypted", 1);
            }
            Note note = source.read(vpn).orElseThrow();
            assertThat(note.title()).isEqualTo("VPN");
            assertThat(note.tags()).containsExactlyInAnyOrder("network", "network/vpn");
            assertThat(note.attachments()).singleElement().satisfies(a -> {
                assertThat(a.name()).isEqualTo("router.png");
                assertThat(a.text()).contains("51820");
            });
            assertThat(note.link()).isEqualTo("bear://x-callback-url/open-note?id=" + vpn);
            assertThat(note.modified()).isAfter(Instant.parse("2023-01-01T00:00:00Z"));
        }
        try (BearSource withArchive = new BearSource(bear.database, true, Duration.ofSeconds(2))) {
            assertThat(withArchive.list()).extracting(NoteFingerprint::id).contains(vpn, archived);
        }
        assertThat(sha256(bear.database)).as("Bear's database is never written").isEqualTo(before);
    }

    /**
     * A 200 MB note once took 11.5 GB to index and held up every other note. The cap is a file's:
     * bytes, so that a note of CJK text is not let through at three times its size.
     */
    @ParameterizedTest
    @EnumSource(BearFixture.Version.class)
    void aNoteOverTheSizeCapIsRefusedUnreadWithTheReasonAHugeFileGets(BearFixture.Version version) throws Exception {
        BearFixture bear = new BearFixture(folder, version, BearSourceTest::open);
        String log = "# Log\n\n" + "entry ".repeat((int) (NoteText.MAX_BYTES / 6));
        String wide = "\u65e5".repeat((int) (NoteText.MAX_BYTES / 3) + 1);
        String huge = bear.add("Log", log);
        String cjk = bear.add("Wide", wide);
        String edge = bear.add("Edge", "x".repeat((int) NoteText.MAX_BYTES));
        String fine = bear.add("Fine", "# Fine\n\nsmall\n");
        try (BearSource source = new BearSource(bear.database, false, Duration.ofSeconds(2))) {
            assertThat(source.list()).extracting(NoteFingerprint::id).containsExactlyInAnyOrder(huge, cjk, edge, fine);
            assertThatThrownBy(() -> source.read(huge)).isInstanceOfSatisfying(NoteSource.UnreadableNote.class, e -> {
                assertThat(e.reason()).isEqualTo(NoteText.TOO_LARGE);
                assertThat(e.getMessage()).isEqualTo(huge + ": " + NoteText.tooLarge(log.length()));
            });
            assertThatThrownBy(() -> source.read(cjk)).isInstanceOfSatisfying(NoteSource.UnreadableNote.class,
                    e -> assertThat(e.getMessage()).isEqualTo(cjk + ": " + NoteText.tooLarge(3L * wide.length())));
            assertThat(source.read(edge).orElseThrow().text()).as("at the cap").hasSize((int) NoteText.MAX_BYTES);
            assertThat(source.read(fine).orElseThrow().text()).isEqualTo("# Fine\n\nsmall\n");
        }
    }

    @Test
    void aLockedDatabaseIsWaitedForThenReportedAndLeftUnchanged() throws Exception {
        BearFixture bear = new BearFixture(folder, BearFixture.Version.BEAR_2, BearSourceTest::open);
        bear.add("Note", "# Note\n");
        byte[] before = sha256(bear.database);
        try (Connection writer = bear.connect(); Statement s = writer.createStatement()) {
            s.execute("BEGIN EXCLUSIVE");
            s.execute("UPDATE ZSFNOTE SET ZTEXT = 'half written'");
            long start = System.nanoTime();
            try (BearSource source = new BearSource(bear.database, false, Duration.ofMillis(500))) {
                assertThatThrownBy(source::list).isInstanceOf(SourceException.class)
                        .hasMessageContaining("is locked (Bear is writing to it)").hasMessageContaining(bear.database.toString())
                        .satisfies(e -> assertThat(((SourceException) e).problem()).isEqualTo(SourceException.Problem.LOCKED));
            }
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(450));
            s.execute("ROLLBACK");
        }
        assertThat(sha256(bear.database)).isEqualTo(before);
    }

    @Test
    void missingAndForeignDatabasesAreNamed() throws Exception {
        Path missing = folder.resolve("nope.sqlite");
        assertThatThrownBy(() -> new BearSource(missing, false, Duration.ofSeconds(1)).list())
                .isInstanceOf(SourceException.class).hasMessageContaining(missing.toString()).hasMessageContaining("--bear");
        Path other = folder.resolve("other.sqlite");
        try (Connection db = java.sql.DriverManager.getConnection("jdbc:sqlite:" + other); Statement s = db.createStatement()) {
            s.execute("CREATE TABLE notes (id INTEGER)");
        }
        assertThatThrownBy(() -> new BearSource(other, false, Duration.ofSeconds(1)).list())
                .isInstanceOf(SourceException.class).hasMessageContaining("no ZSFNOTE");
        Path garbage = folder.resolve("garbage.sqlite");
        Files.write(garbage, "not sqlite at all".repeat(100).getBytes());
        assertThatThrownBy(() -> new BearSource(garbage, false, Duration.ofSeconds(1)).list())
                .isInstanceOf(SourceException.class).hasMessageContaining("not a readable Bear database");
    }

    /** Two rows under one unique id (a sync conflict): one note, the later, the same on every list, read as listed. */
    @Test
    void notesSharingAnIdAreOneTheLaterModified() throws Exception {
        BearFixture bear = new BearFixture(folder, BearFixture.Version.BEAR_2, BearSourceTest::open);
        String id = bear.add("Boat", "# Boat\n\nThe old engine notes.\n");
        bear.execute("INSERT INTO ZSFNOTE (Z_ENT, Z_OPT, ZCREATIONDATE, ZMODIFICATIONDATE, ZTITLE, ZTEXT, ZUNIQUEIDENTIFIER, "
                + "ZTRASHED, ZARCHIVED, ZPERMANENTLYDELETED, ZENCRYPTED) SELECT Z_ENT, Z_OPT, ZCREATIONDATE, ZMODIFICATIONDATE + 60, "
                + "ZTITLE, '# Boat\n\nThe new engine notes.\n', ZUNIQUEIDENTIFIER, 0, 0, 0, 0 FROM ZSFNOTE WHERE ZUNIQUEIDENTIFIER = '" + id + "'",
                "INSERT INTO ZSFNOTE (Z_ENT, Z_OPT, ZCREATIONDATE, ZMODIFICATIONDATE, ZTITLE, ZTEXT, ZUNIQUEIDENTIFIER, "
                + "ZTRASHED, ZARCHIVED, ZPERMANENTLYDELETED, ZENCRYPTED) SELECT Z_ENT, Z_OPT, ZCREATIONDATE, ZMODIFICATIONDATE - 60, "
                + "ZTITLE, '# Boat\n\nThe oldest notes.\n', ZUNIQUEIDENTIFIER, 0, 0, 0, 0 FROM ZSFNOTE WHERE ZUNIQUEIDENTIFIER = '" + id + "' "
                + "AND ZTEXT LIKE '%old engine%'");
        try (BearSource source = open(bear.database)) {
            List<NoteFingerprint> first = source.list();
            assertThat(first).extracting(NoteFingerprint::id).containsExactly(id);
            assertThat(source.skipped()).containsEntry("sharing its id with a note modified later", 2);
            assertThat(source.list()).as("the same note every time: a sync settles").isEqualTo(first);
            assertThat(source.read(id).orElseThrow().text()).contains("The new engine notes.");
        }
    }

    /**
     * A database in WAL mode with no log beside it (a copy; Bear's own while Bear is closed) is read as
     * immutable: nothing is made beside it, nothing in it changes.
     */
    @Test
    void aWalDatabaseWithoutItsLogGetsNothingMadeBesideIt() throws Exception {
        BearFixture bear = new BearFixture(folder, BearFixture.Version.BEAR_2, BearSourceTest::open);
        String id = bear.add("VPN", "# VPN\n\nWireGuard setup.\n");
        bear.execute("PRAGMA journal_mode = WAL");
        Path log = Path.of(bear.database + "-wal");
        Path shared = Path.of(bear.database + "-shm");
        assertThat(log).as("SQLite removes the log when its last connection closes").doesNotExist();
        byte[] before = sha256(bear.database);
        try (BearSource source = open(bear.database)) {
            assertThat(source.list()).extracting(NoteFingerprint::id).containsExactly(id);
            assertThat(source.read(id).orElseThrow().text()).contains("WireGuard");
            assertThat(log).doesNotExist();
            assertThat(shared).doesNotExist();
        }
        assertThat(sha256(bear.database)).isEqualTo(before);
    }

    @Test
    void deepLinksEncodeTheHeading() {
        assertThat(BearSource.link("ABC-1", "Server setup & keys"))
                .isEqualTo("bear://x-callback-url/open-note?id=ABC-1&header=Server%20setup%20%26%20keys");
    }

    private static byte[] sha256(Path file) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file));
    }

    static BearSource open(Path database) {
        return new BearSource(database, false, Duration.ofSeconds(2));
    }
}
