package dev.bearings.cli.output;

/**
 * Text from notes (titles, passages, tags, file names) made safe to print on a terminal: every control
 * character but the tab and the line break is shown as an escape ({@code \x1b}, {@code \x07}), as GNU ls and
 * git show them, so a note cannot write the clipboard (OSC 52), retitle the window, clear the screen or
 * rewrite lines above. The colours this program adds are added after, to text already made visible.
 */
public final class Visible {
    private Visible() {
    }

    public static String of(String text) {
        if (text == null) {
            return null;
        }
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean control = (c < 0x20 && c != '\t' && c != '\n') || c == 0x7f || (c >= 0x80 && c <= 0x9f)
                    || c == '\u2028' || c == '\u2029';
            if (control && out == null) {
                out = new StringBuilder(text.length() + 8).append(text, 0, i);
            }
            if (out != null) {
                if (control) {
                    out.append(String.format("\\x%02x", (int) c));
                } else {
                    out.append(c);
                }
            }
        }
        return out == null ? text : out.toString();
    }
}
