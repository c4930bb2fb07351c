package dev.bearings.app.words;

import dev.bearings.core.index.ChunkIndexStore;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class PlainErrorsTest {
    private final PlainErrors errors = new PlainErrors(List.of(Path.of("/home/me/notes")));

    @Test
    void pathsOutsideTheSourcesAreHiddenAndThoseInsideKept() {
        assertThat(errors.scrub("cannot open the index at /home/me/.local/share/bearings: damaged"))
                .isEqualTo("cannot open the index at <path>: damaged");
        assertThat(errors.scrub("folder:/home/me/notes/vpn.md is not UTF-8; see file:///home/me/notes/vpn.md"))
                .isEqualTo("folder:/home/me/notes/vpn.md is not UTF-8; see file:///home/me/notes/vpn.md");
        assertThat(errors.scrub("'/home/me/notes/../secrets.txt' and C:\\Users\\me\\x.db"))
                .isEqualTo("'<path>' and <path>");
        assertThat(errors.scrub("tags work/projects and hybrid/vector stay")).isEqualTo("tags work/projects and hybrid/vector stay");
        assertThat(errors.scrub("cannot read /home/me/notes/a\u0000b.md")).as("not a path Java can read: hidden")
                .isEqualTo("cannot read <path>");
    }

    @Test
    void expectedFailuresKeepTheirWordsAndOthersSayOnlyThatTheyHappened() {
        var damaged = new ChunkIndexStore.IndexUnreadableException(Path.of("/var/idx"),
                ChunkIndexStore.IndexUnreadableException.Problem.DAMAGED, "not a database", null);
        assertThat(errors.message(damaged)).isEqualTo("cannot open the index at <path>: not a database; "
                + "rebuild it from the notes with: bearings index --rebuild").doesNotContain("/var/idx");
        assertThat(errors.message(new NullPointerException("Cannot invoke \"x.y()\" because \"z\" is null")))
                .isEqualTo("internal error; the Bearings server's log (stderr) has the details");
        assertThat(errors.message(new IllegalArgumentException((String) null))).startsWith("internal error");
    }
}
