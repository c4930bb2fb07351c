package dev.bearings.core.note;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Turns a note file's bytes into text, refusing what is not a UTF-8 text file rather than guessing:
 * a replaced character would silently change what is indexed and quoted back to the user.
 */
public final class NoteText {

    /**
     * Notes larger than this are not indexed: that much text is a log or an export, not a note, and
     * embedding it would hold an index run for most of an hour.
     */
    public static final long MAX_BYTES = 10L * 1024 * 1024;

    /** The reason a note over {@link #MAX_BYTES} is skipped, the same for every size, to count them by. */
    public static final String TOO_LARGE = "is over " + MAX_BYTES / (1024 * 1024) + " MB";

    private NoteText() {
    }

    /** Why a note of {@code bytes} bytes is too large to index, or null when it is not. */
    public static String tooLarge(long bytes) {
        return bytes <= MAX_BYTES ? null : String.format(java.util.Locale.ROOT,
                "is %.1f MB; notes over %d MB are not indexed", bytes / 1048576.0, MAX_BYTES / 1048576);
    }

    private static final String NOT_UTF_8 = "is not valid UTF-8";

    /** @throws UnreadableNoteException saying why, with the byte offset of the first bad byte */
    public static String decode(byte[] bytes) throws UnreadableNoteException {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == 0) {
                throw new UnreadableNoteException("looks binary", "NUL byte at offset " + i);
            }
        }
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        var result = decoder.decode(in, out, true);
        if (result.isError()) {
            throw new UnreadableNoteException(NOT_UTF_8, "bad byte at offset " + in.position());
        }
        result = decoder.flush(out);
        if (result.isError()) {
            throw new UnreadableNoteException(NOT_UTF_8, "truncated sequence at the end");
        }
        return out.flip().toString();
    }

    /** Why a note file could not be read as text. */
    public static final class UnreadableNoteException extends Exception {
        private static final long serialVersionUID = 1L;

        private final String reason;

        /**
         * @param reason what is wrong, the same for every note it is wrong with (skipped notes are counted by it)
         * @param detail where, in this note
         */
        public UnreadableNoteException(String reason, String detail) {
            super(reason + " (" + detail + ")");
            this.reason = reason;
        }

        public String reason() {
            return reason;
        }
    }
}
