package dev.bearings.core;

import dev.bearings.core.note.NoteText;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class NoteTextTest {

    @Test
    void notesUpToTenMegabytesAreIndexedAndLargerOnesSaySoInMegabytes() {
        assertThat(NoteText.tooLarge(NoteText.MAX_BYTES)).isNull();
        assertThat(NoteText.tooLarge(0)).isNull();
        assertThat(NoteText.tooLarge(NoteText.MAX_BYTES + 1)).isEqualTo("is 10.0 MB; notes over 10 MB are not indexed");
        assertThat(NoteText.tooLarge(50L * 1024 * 1024)).isEqualTo("is 50.0 MB; notes over 10 MB are not indexed");
    }

    /** Skipped notes are counted by reason: where in the note it went wrong is said, but is not part of the reason. */
    @Test
    void aBadNoteSaysWhereButItsReasonIsTheSameForEveryNote() {
        NoteText.UnreadableNoteException early = catchThrowableOfType(
                () -> NoteText.decode(new byte[]{'a', (byte) 0xE9, 'b'}), NoteText.UnreadableNoteException.class);
        NoteText.UnreadableNoteException late = catchThrowableOfType(
                () -> NoteText.decode("au lait \u00ff".getBytes(StandardCharsets.ISO_8859_1)),
                NoteText.UnreadableNoteException.class);
        assertThat(early).hasMessage("is not valid UTF-8 (bad byte at offset 1)");
        assertThat(late).hasMessage("is not valid UTF-8 (bad byte at offset 8)");
        assertThat(early.reason()).isEqualTo(late.reason()).isEqualTo("is not valid UTF-8");
        NoteText.UnreadableNoteException binary = catchThrowableOfType(
                () -> NoteText.decode(new byte[]{'a', 0, 'b'}), NoteText.UnreadableNoteException.class);
        assertThat(binary).hasMessage("looks binary (NUL byte at offset 1)");
        assertThat(binary.reason()).isEqualTo("looks binary");
    }
}
