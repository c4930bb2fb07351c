package dev.bearings.app.json;

import dev.bearings.core.search.Fusion;
import dev.bearings.core.search.PassageSections;
import dev.bearings.core.usecase.SearchNotes;

import java.util.List;
import java.util.TreeSet;

/**
 * A passage as {@code bearings search --json} (and the MCP server) print it.
 *
 * @param headingPath the section of the passage that holds the query's words
 * @param headings    every section the passage holds (small sections are merged into the one before)
 * @param similarity  the cosine of the question and the passage, before any scaling (the score is scaled per
 *                    question, so its size says nothing of how well the passage answers)
 * @param strength    {@code strong} or {@code weak}: whether the passage is a strong match for the question, by
 *                    the index's thresholds for its model; when none is strong, the notes may not answer it
 * @param weights how much the vector and the keyword list counted for the query (the same for every
 *                passage of one search)
 * @param attachment  the attachment whose text the passage is (Bear's OCR of an image or PDF); null for the note's own text
 */
public record SearchHitJson(String title, String noteId, String source, String headingPath, List<String> headings, int startLine,
                     int endLine,
                     String snippet, String text, double score, Double similarity, String strength, Integer vectorRank,
                     Integer keywordRank, Weights weights, List<String> tags, String modified, String link, String attachment) {

    /** The lists' shares of the fused score, to three places. */
    public record Weights(double vector, double keyword) {
        public static Weights of(Fusion.Weights weights) {
            return new Weights(Math.round(weights.vector() * 1000) / 1000.0, Math.round(weights.keyword() * 1000) / 1000.0);
        }
    }

    public static SearchHitJson of(SearchNotes.Hit hit, Fusion.Weights weights) {
        var chunk = hit.chunk();
        var note = chunk.note();
        // Made once: reading a passage's sections is most of what showing it costs but for its snippet.
        PassageSections sections = hit.sections();
        String headingPath = hit.headingPath(sections);
        return new SearchHitJson(note.title(), note.id(), note.source(), headingPath, sections.distinctPaths(),
                chunk.startLine(),
                chunk.endLine(), hit.snippet(), chunk.text(), hit.score(),
                Double.isNaN(hit.similarity()) ? null : Math.round(hit.similarity() * 10_000) / 10_000.0, hit.strength().label(),
                hit.vectorRank().isPresent() ? hit.vectorRank().getAsInt() : null,
                hit.keywordRank().isPresent() ? hit.keywordRank().getAsInt() : null, Weights.of(weights),
                List.copyOf(new TreeSet<>(note.tags())), note.modified().toString(), hit.link(headingPath), chunk.attachment().isEmpty() ? null : chunk.attachment());
    }
}
