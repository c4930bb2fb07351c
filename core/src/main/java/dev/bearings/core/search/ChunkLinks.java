package dev.bearings.core.search;

import dev.bearings.core.chunk.HeadingPath;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** A link that opens a chunk: Bear's deep link goes to the heading; other links open the note. */
public final class ChunkLinks {

    private ChunkLinks() {
    }

    public static String of(String noteLink, String headingPath) {
        if (!noteLink.startsWith("bear://") || headingPath.isBlank()) {
            return noteLink;
        }
        int separator = headingPath.lastIndexOf(HeadingPath.SEPARATOR);
        String last = separator < 0 ? headingPath : headingPath.substring(separator + HeadingPath.SEPARATOR.length());
        String heading = last.replaceFirst("^#+\\s*", "");
        return heading.isBlank() ? noteLink
                : noteLink + "&header=" + URLEncoder.encode(heading, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
