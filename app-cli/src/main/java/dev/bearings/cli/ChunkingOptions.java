package dev.bearings.cli;

import dev.bearings.core.chunk.ChunkingRules;
import dev.bearings.core.markdown.MarkdownParser;
import dev.bearings.core.plugin.ParserProvider;
import dev.bearings.core.plugin.ProviderRegistry;
import dev.bearings.core.plugin.Settings;
import picocli.CommandLine;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;

/** The parser and the chunking rules, shared by every command that chunks. */
final class ChunkingOptions {

    @Option(names = "--parser", paramLabel = "NAME", defaultValue = "commonmark",
            description = "Markdown parser: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).",
            completionCandidates = ParserNames.class)
    String parser;

    @Option(names = "--preset", paramLabel = "NAME", defaultValue = "default",
            description = "Chunking rules to start from: default (what the sweep measured best) or design-record "
                    + "(300/30/40, the original design's); the flags below override single values.")
    String preset;

    @Option(names = "--max-words", paramLabel = "N", description = "Most words in a chunk (default: the preset's).")
    Integer maxWords;

    @Option(names = "--min-words", paramLabel = "N", description = "Sections under this merge upward (default: the preset's).")
    Integer minWords;

    @Option(names = "--overlap-words", paramLabel = "N",
            description = "Words repeated across a cut inside a section (default: the preset's).")
    Integer overlapWords;

    ChunkingRules rules(CommandLine commandLine) {
        ChunkingRules base = switch (preset) {
            case "default" -> ChunkingRules.DEFAULT;
            case "design-record" -> ChunkingRules.DESIGN_RECORD;
            default -> throw new CommandLine.ParameterException(commandLine,
                    "--preset must be default or design-record, not '" + preset + "'");
        };
        try {
            return new ChunkingRules(maxWords != null ? maxWords : base.maxWords(),
                    minWords != null ? minWords : base.minWords(), overlapWords != null ? overlapWords : base.overlapWords());
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(commandLine,
                    "bad --max-words/--min-words/--overlap-words: " + e.getMessage());
        }
    }

    MarkdownParser parser(ProviderRegistry<ParserProvider> parsers) {
        return parsers.create(parser, Settings.NONE);
    }

    /** Names for help and completion; the registry has the real list at run time. */
    static final class ParserNames extends ArrayList<String> {
        private static final long serialVersionUID = 1L;

        ParserNames() {
            super(List.of("commonmark", "flexmark"));
        }
    }
}
