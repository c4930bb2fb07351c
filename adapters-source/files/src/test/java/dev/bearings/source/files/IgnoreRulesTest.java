package dev.bearings.source.files;

import dev.bearings.core.plugin.Settings;
import dev.bearings.core.source.NoteFingerprint;
import dev.bearings.core.source.NoteSource;
import dev.bearings.core.source.Watched;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A folder source leaves out what its .bearingsignore and its excludes say, in gitignore's syntax, as git
 * would (a later !pattern takes a note back): in listing, in reading, and in what a watcher watches.
 */
class IgnoreRulesTest {

    @Test
    void rulesOfTheFileAndTheSourceLeaveOutAsGitWould(@TempDir Path root) throws Exception {
        notes(root, "keep.md", "Archive/old.md", "Archive/keep-this.md", "deep/templates/daily.md", "notes/a.draft.md",
                "notes/b.md", ".obsidian/workspace.md");
        Files.writeString(root.resolve(IgnoreRules.FILE), "templates/\n*.draft.md\n");
        FolderSource source = new FolderSource(root, List.of("Archive/*", "!Archive/keep-this.md"));
        assertThat(source.list()).extracting(NoteFingerprint::id).containsExactly("Archive/keep-this.md", "keep.md", "notes/b.md");
        assertThat(source.skipped()).containsEntry(IgnoreRules.LEFT_OUT, 3);
        assertThat(source.read("deep/templates/daily.md")).as("left out in reading too").isEmpty();
        assertThat(source.read("notes/b.md")).isPresent();

        Watched watched = source.watched();
        assertThat(watched.trees()).containsExactly(root.toAbsolutePath().normalize());
        assertThat(watched.skipped().test(root.resolve("deep/templates"))).as("a folder left out is not watched").isTrue();
        assertThat(watched.skipped().test(root.resolve(".obsidian"))).as("nor a hidden one").isTrue();
        assertThat(watched.skipped().test(root.resolve("notes"))).isFalse();
    }

    @Test
    void aLineOfTheFileThatIsNoPatternIsSaidByItsNumberAndTheOthersStillHold(@TempDir Path root) throws Exception {
        notes(root, "keep.md", "drafts/old.md", "a[b.md");
        Files.writeString(root.resolve(IgnoreRules.FILE), "# a comment\n\n!\ndrafts/\na[b\n");
        FolderSource source = new FolderSource(root, List.of());
        assertThat(source.list()).extracting(NoteFingerprint::id).containsExactly("a[b.md", "keep.md");
        assertThat(source.skipped()).containsOnly(Map.entry(IgnoreRules.LEFT_OUT, 1),
                Map.entry(".bearingsignore line 5: 'a[b' is not a pattern in gitignore's syntax, so it leaves nothing out", 1));
    }

    @Test
    void anExcludeThatIsNoPatternIsSaidAtEachListingAndTheOtherRulesStillHold(@TempDir Path root) throws Exception {
        notes(root, "keep.md", "drafts/old.md", "x.tmp.md");
        // A byte order mark before the first pattern, and rules that match nothing but are no error ("//", "!/").
        Files.writeString(root.resolve(IgnoreRules.FILE), "\uFEFFdrafts/\n//\n!/\n");
        String said = "exclude: 'a[b' is not a pattern in gitignore's syntax, so it leaves nothing out";
        try (NoteSource source = new FolderSourceProvider().create(Settings.of(Map.of("path", root.toString(),
                "exclude", "*.tmp.md\na[b")))) {
            assertThat(source.list()).extracting(NoteFingerprint::id).containsExactly("keep.md");
            assertThat(source.skipped()).containsOnly(Map.entry(IgnoreRules.LEFT_OUT, 2), Map.entry(said, 1));
            assertThat(source.read("keep.md")).isPresent();
            assertThat(source.skipped()).as("said once a listing, not once a read").containsEntry(said, 1);
        }
    }

    /**
     * An exclude is read as a line of the file is, as git reads one: a trailing space escaped with a backslash is
     * kept and one not escaped is dropped; spaces before it are part of it. A pattern whose last backslash escapes
     * nothing (a setting's value loses the space after it) leaves nothing out, and is said.
     */
    @Test
    void anExcludeKeepsAnEscapedTrailingSpaceAsGitDoes(@TempDir Path root) throws Exception {
        notes(root, "drafts /a.md", "drafts/b.md", " lead.md", "lead.md", "x.tmp.md", "keep.md");
        FolderSource source = new FolderSource(root, List.of("drafts\\ ", " lead.md", "*.tmp.md  "));
        assertThat(source.list()).extracting(NoteFingerprint::id).containsExactly("drafts/b.md", "keep.md", "lead.md");
        assertThat(source.skipped()).containsOnly(Map.entry(IgnoreRules.LEFT_OUT, 3));

        try (NoteSource saved = new FolderSourceProvider().create(Settings.of(Map.of("path", root.toString(), "exclude", "drafts\\")))) {
            assertThat(saved.list()).extracting(NoteFingerprint::id).hasSize(6);
            assertThat(saved.skipped()).containsOnly(
                    Map.entry("exclude: 'drafts\\' is not a pattern in gitignore's syntax, so it leaves nothing out", 1));
        }
    }

    /**
     * What is left out or hidden where it is stays out when a link leads to it: listed, read, in a folder a link
     * leads into; the link is named. A link to what is kept is followed as before.
     */
    @Test
    void aLinkDoesNotBringBackWhatIsLeftOutOrHidden(@TempDir Path root) throws Exception {
        notes(root, "Archive/old.md", "Projects/plan.md", "Projects/drafts/idea.md", "notes/x.draft.md", ".obsidian/o.md", "keep.md");
        Files.writeString(root.resolve(IgnoreRules.FILE), "Archive/\nProjects/drafts/\n*.draft.md\n");
        Files.createDirectories(root.resolve("links"));
        Files.createSymbolicLink(root.resolve("links/arch"), Path.of("../Archive"));
        Files.createSymbolicLink(root.resolve("links/old.md"), Path.of("../Archive/old.md"));
        Files.createSymbolicLink(root.resolve("links/draft.md"), Path.of("../notes/x.draft.md"));
        Files.createSymbolicLink(root.resolve("links/hid"), Path.of("../.obsidian"));
        Files.createSymbolicLink(root.resolve("links/proj"), Path.of("../Projects"));
        Files.createSymbolicLink(root.resolve("links/keep.md"), Path.of("../keep.md"));
        try (FolderSource source = new FolderSource(root, List.of())) {
            assertThat(source.list()).extracting(NoteFingerprint::id)
                    .containsExactly("Projects/plan.md", "keep.md", "links/keep.md", "links/proj/plan.md");
            assertThat(source.skipped()).containsOnly(Map.entry(IgnoreRules.LEFT_OUT, 4), Map.entry(FolderSource.LINK_LEFT_OUT, 4));
            assertThat(source.passedOver()).containsExactlyInAnyOrder("links/arch: " + FolderSource.LINK_LEFT_OUT,
                    "links/old.md: " + FolderSource.LINK_LEFT_OUT, "links/draft.md: " + FolderSource.LINK_LEFT_OUT,
                    "links/hid: " + FolderSource.LINK_LEFT_OUT);
            for (String id : List.of("links/arch/old.md", "links/old.md", "links/draft.md", "links/hid/o.md", "links/proj/drafts/idea.md")) {
                assertThat(source.read(id)).as(id).isEmpty();
            }
            assertThat(source.read("links/keep.md")).isPresent();
            assertThat(source.read("links/proj/plan.md")).isPresent();
        }
    }

    /** Writes a small note at each path below {@code root}. */
    private static void notes(Path root, String... paths) throws IOException {
        for (String note : paths) {
            Files.createDirectories(root.resolve(note).getParent());
            Files.writeString(root.resolve(note), "# Note\n\ntext\n");
        }
    }
}
