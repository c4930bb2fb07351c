package dev.bearings.core.note;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A note as a source hands it over; its text is never modified.
 *
 * @param id          stable within its source (Bear's unique identifier, or a path relative to a folder)
 * @param title       for display and for the embedded prefix
 * @param text        the note's Markdown
 * @param tags        tags as full paths ({@code work/projects}), without {@code #}
 * @param modified    last modification
 * @param link        a URI that opens the note (a Bear deep link, a {@code file:} URI)
 * @param attachments text found in the note's attachments (Bear's OCR of images and PDFs)
 */
public record Note(String id, String title, String text, Set<String> tags, Instant modified, String link,
                   List<Attachment> attachments) {

    public Note {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(modified, "modified");
        Objects.requireNonNull(link, "link");
        tags = Set.copyOf(tags);
        attachments = List.copyOf(attachments);
    }

    /** Searchable text of one attachment, such as OCR of a scanned receipt. */
    public record Attachment(String name, String text) {
        public Attachment {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(text, "text");
        }
    }
}
