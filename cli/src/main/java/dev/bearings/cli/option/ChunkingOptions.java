package dev.bearings.cli.option;

import dev.bearings.app.index.NewIndex;
import dev.bearings.core.chunk.ChunkingRules;
import picocli.CommandLine.Option;
import picocli.CommandLine;

import java.util.ArrayList;
import java.util.List;

/**
 * The parser and the chunking rules, shared by every command that chunks. A flag not given leaves the
 * value an existing index was built with (or the default for a new one).
 */
public final class ChunkingOptions {
    @Option(names = "--parser", paramLabel = "NAME",
            description = "Markdown parser: ${COMPLETION-CANDIDATES} (default: the index's, else " + NewIndex.PARSER + ").",
            completionCandidates = ParserNames.class)
    String parser;

    @Option(names = "--preset", paramLabel = "NAME",
            description = "Chunking rules to start from: default (max 300, min 30, overlap 40 words; design-record is "
                    + "its older name); the flags below override single values.")
    String preset;

    @Option(names = "--max-words", paramLabel = "N", description = "Most words in a chunk (default: the preset's).")
    Integer maxWords;

    @Option(names = "--min-words", paramLabel = "N", description = "Sections under this merge upward (default: the preset's).")
    Integer minWords;

    @Option(names = "--overlap-words", paramLabel = "N",
            description = "Words repeated across a cut inside a section (default: the preset's).")
    Integer overlapWords;

    public String parser(String fallback) {
        return parser != null ? parser : fallback;
    }

    /** The rules: a preset when given, else {@code base}; single flags over either. */
    public ChunkingRules rules(CommandLine commandLine, ChunkingRules base) {
        ChunkingRules start = preset == null ? base : switch (preset) {
            case "default", "design-record" -> ChunkingRules.DEFAULT;
            default -> throw new CommandLine.ParameterException(commandLine,
                    "--preset must be default or design-record, not '" + preset + "'");
        };
        try {
            return new ChunkingRules(maxWords != null ? maxWords : start.maxWords(),
                    minWords != null ? minWords : start.minWords(), overlapWords != null ? overlapWords : start.overlapWords());
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(commandLine,
                    "bad --max-words/--min-words/--overlap-words: " + e.getMessage());
        }
    }

    /** Names for help and completion; the registry has the real list at run time. */
    static final class ParserNames extends ArrayList<String> {
        private static final long serialVersionUID = 1L;

        ParserNames() {
            super(List.of("commonmark", "flexmark"));
        }
    }
}
