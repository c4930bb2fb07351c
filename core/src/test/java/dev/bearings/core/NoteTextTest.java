package dev.bearings.core;

import dev.bearings.core.note.NoteText;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class NoteTextTest {

    @Test
    void notesUpToTenMegabytesAreIndexedAndLargerOnesSaySoInMegabytes() {
        assertThat(NoteText.tooLarge(NoteText.MAX_BYTES)).isNull();
        assertThat(NoteText.tooLarge(0)).isNull();
        assertThat(NoteText.tooLarge(NoteText.MAX_BYTES + 1)).isEqualTo("is 10.0 MB; notes over 10 MB are not indexed");
        assertThat(NoteText.tooLarge(50L * 1024 * 1024)).isEqualTo("is 50.0 MB; notes over 10 MB are not indexed");
    }
}
