package dev.bearings.cli.output;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.bearings.core.chunk.Chunk;
import dev.bearings.core.chunk.Heading;

import java.util.List;

/** A chunk as {@code bearings chunk --json} prints it. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ChunkJson(String file, int ordinal, String headingPath, List<HeadingJson> headings, int startLine,
                 int endLine, int words, int overlapWords, Integer tokens, String text) {

    public static ChunkJson of(String file, Chunk chunk) {
        return new ChunkJson(file, chunk.ordinal(), chunk.headingPath().toString(),
                chunk.headingPath().headings().stream().map(HeadingJson::of).toList(),
                chunk.lines().first(), chunk.lines().last(), chunk.words(), chunk.overlapWords(),
                chunk.tokens().isPresent() ? chunk.tokens().getAsInt() : null, chunk.text());
    }

    record HeadingJson(int level, String text) {
        static HeadingJson of(Heading heading) {
            return new HeadingJson(heading.level(), heading.text());
        }
    }
}
