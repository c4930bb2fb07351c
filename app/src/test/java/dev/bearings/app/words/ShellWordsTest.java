package dev.bearings.app.words;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A word we suggest stays one word in a POSIX shell: plain when the shell keeps it so, else single-quoted. */
class ShellWordsTest {

    @Test
    void plainWordsStayAndOthersAreQuoted() {
        assertThat(ShellWords.quote("/home/me/notes-2026.d/a@b%c+d=e:f,g")).isEqualTo("/home/me/notes-2026.d/a@b%c+d=e:f,g");
        assertThat(ShellWords.quote("/home/me/My Notes")).isEqualTo("'/home/me/My Notes'");
        assertThat(ShellWords.quote("it's")).isEqualTo("'it'\\''s'");
        assertThat(ShellWords.quote("")).isEqualTo("''");
    }
}
