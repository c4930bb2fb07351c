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
     * An exclude keeps a trailing space escaped with a backslash, as git does, and drops one not escaped; spaces
     * before it are a slip. A pattern whose last backslash escapes nothing (a setting's value loses the space after
     * it) leaves nothing out, and is said.
     */
    @Test
    void anExcludeKeepsAnEscapedTrailingSpaceAsGitDoes(@TempDir Path root) throws Exception {
        notes(root, "drafts /a.md", "drafts/b.md", "old/c.md", "x.tmp.md", "keep.md");
        FolderSource source = new FolderSource(root, List.of("drafts\\ ", "  old/   ", "*.tmp.md  "));
        assertThat(source.list()).extracting(NoteFingerprint::id).containsExactly("drafts/b.md", "keep.md");
        assertThat(source.skipped()).containsOnly(Map.entry(IgnoreRules.LEFT_OUT, 3));

        try (NoteSource saved = new FolderSourceProvider().create(Settings.of(Map.of("path", root.toString(), "exclude", "drafts\\")))) {
            assertThat(saved.list()).extracting(NoteFingerprint::id).hasSize(5);
            assertThat(saved.skipped()).containsOnly(
                    Map.entry("exclude: 'drafts\\' is not a pattern in gitignore's syntax, so it leaves nothing out", 1));
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
