package dev.bearings.app.json;

import dev.bearings.core.note.IndexedNote;

import java.util.List;
import java.util.TreeSet;

/** A note as {@code bearings notes --json} and the MCP tool {@code list_notes} give it. */
public record NoteSummaryJson(String id, String title, String source, List<String> tags, String modified, String link) {

    public static NoteSummaryJson of(IndexedNote n) {
        return new NoteSummaryJson(n.id(), n.title(), n.source(), List.copyOf(new TreeSet<>(n.tags())), n.modified().toString(),
                n.link());
    }
}
