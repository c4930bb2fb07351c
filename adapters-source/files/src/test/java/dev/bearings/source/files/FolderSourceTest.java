package dev.bearings.source.files;

import dev.bearings.core.note.Note;
import dev.bearings.core.plugin.NoteSourceProvider;
import dev.bearings.core.plugin.Settings;
import dev.bearings.core.source.NoteFingerprint;
import dev.bearings.core.source.NoteSource;
import dev.bearings.core.source.SourceException;
import dev.bearings.testkit.NoteSourceContract;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FolderSourceTest extends NoteSourceContract {

    @Override
    protected Fixture fixture(Path folder) {
        return new Fixture() {
            private int count;

            @Override
            public String add(String title, String text) throws Exception {
                String id = "notes/" + (count++) + "-" + title.replace(' ', '-') + ".md";
                Files.createDirectories(folder.resolve(id).getParent());
                Files.writeString(folder.resolve(id), text);
                return id;
            }

            @Override
            public void edit(String id, String text) throws Exception {
                Files.writeString(folder.resolve(id), text);
                Files.setLastModifiedTime(folder.resolve(id), FileTime.from(Instant.now().plusSeconds(5)));
            }

            @Override
            public void remove(String id) throws Exception {
                Files.delete(folder.resolve(id));
            }

            @Override
            public NoteSource source() {
                return new FolderSource(folder);
            }

            @Override
            public Settings settings() {
                return Settings.of(Map.of("path", folder.toString()));
            }
        };
    }

    @Override
    protected NoteSourceProvider provider() {
        return new FolderSourceProvider();
    }

    @Test
    void aFolderSourceNeedsItsPath() {
        assertThatThrownBy(() -> new FolderSourceProvider().create(Settings.NONE))
                .hasMessage("note source 'folder' needs path=DIR");
    }

    @Test
    void skipsHiddenFoldersOtherFilesAndLinksLeavingTheFolder(@org.junit.jupiter.api.io.TempDir Path outside) throws Exception {
        Files.createDirectories(folder.resolve(".obsidian"));
        Files.writeString(folder.resolve(".obsidian/workspace.md"), "# hidden");
        Files.createDirectories(folder.resolve(".git"));
        Files.writeString(folder.resolve(".git/HEAD.md"), "# hidden");
        Files.writeString(folder.resolve("image.png"), "not markdown");
        Files.writeString(folder.resolve("Upper.MARKDOWN"), "# upper");
        Files.writeString(folder.resolve("note.md"), "# note");
        Files.writeString(outside.resolve("secret.md"), "# secret outside");
        Files.createSymbolicLink(folder.resolve("escape.md"), outside.resolve("secret.md"));
        Files.createSymbolicLink(folder.resolve("escape-dir"), outside);
        Files.createDirectories(folder.resolve("sub"));
        Files.writeString(folder.resolve("sub/inner.md"), "# inner");
        Files.createSymbolicLink(folder.resolve("inside-link.md"), folder.resolve("sub/inner.md"));
        try (FolderSource source = new FolderSource(folder)) {
            assertThat(source.list()).extracting(NoteFingerprint::id)
                    .containsExactly("Upper.MARKDOWN", "inside-link.md", "note.md", "sub/inner.md");
            assertThat(source.skipped()).containsEntry("link leading out of the folder", 2);
        }
    }

    @Test
    void refusesPathsOutsideTheFolderAndInvalidText() throws Exception {
        Files.writeString(folder.resolve("ok.md"), "# ok");
        Files.write(folder.resolve("latin1.md"), new byte[]{'c', 'a', 'f', (byte) 0xE9});
        try (FolderSource source = new FolderSource(folder)) {
            assertThatThrownBy(() -> source.read("../etc/passwd.md")).isInstanceOf(NoteSource.UnreadableNote.class);
            assertThatThrownBy(() -> source.read("latin1.md"))
                    .isInstanceOf(NoteSource.UnreadableNote.class)
                    .hasMessageContaining("latin1.md")
                    .hasMessageContaining("not valid UTF-8");
        }
    }

    @Test
    void tagsComeFromFrontMatterAndTheTextButNotFromCode() throws Exception {
        Files.writeString(folder.resolve("t.md"), "---\ntags: [travel, \"#japan\"]\n---\n# Title\n\nPlanning #trip/2026 and "
                + "#food. Not a tag: C# or a#b or `#code`.\n\n```sh\n# comment #nottag\n```\n");
        try (FolderSource source = new FolderSource(folder)) {
            Note note = source.read("t.md").orElseThrow();
            assertThat(note.tags()).containsExactlyInAnyOrder("travel", "japan", "trip/2026", "food");
            assertThat(note.title()).isEqualTo("t");
            assertThat(note.link()).startsWith("file:").endsWith("/t.md");
        }
    }

    @Test
    void aMissingFolderIsNamed() {
        FolderSource source = new FolderSource(folder.resolve("nope"));
        assertThatThrownBy(source::list).isInstanceOf(SourceException.class).hasMessageContaining("nope");
    }
}
