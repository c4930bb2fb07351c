package dev.bearings.cli;

import dev.bearings.core.usecase.SearchNotes;

import java.util.List;
import java.util.TreeSet;

/** A passage as {@code bearings search --json} (and the MCP server) print it. */
record SearchHitJson(String title, String noteId, String source, String headingPath, int startLine, int endLine,
                     String snippet, String text, double score, Integer vectorRank, Integer keywordRank,
                     List<String> tags, String modified, String link, String attachment) {

    static SearchHitJson of(SearchNotes.Hit hit) {
        var chunk = hit.chunk();
        var note = chunk.note();
        return new SearchHitJson(note.title(), note.id(), note.source(), chunk.headingPath(), chunk.startLine(),
                chunk.endLine(), hit.snippet(), chunk.text(), hit.score(),
                hit.vectorRank().isPresent() ? hit.vectorRank().getAsInt() : null,
                hit.keywordRank().isPresent() ? hit.keywordRank().getAsInt() : null,
                List.copyOf(new TreeSet<>(note.tags())), note.modified().toString(), hit.link(), chunk.attachment());
    }
}
