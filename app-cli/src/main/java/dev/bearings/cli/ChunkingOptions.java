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

    @Option(names = "--max-words", paramLabel = "N", description = "Most words in a chunk (default: 300).")
    int maxWords = ChunkingRules.DEFAULT.maxWords();

    @Option(names = "--min-words", paramLabel = "N", description = "Sections under this merge upward (default: 30).")
    int minWords = ChunkingRules.DEFAULT.minWords();

    @Option(names = "--overlap-words", paramLabel = "N",
            description = "Words repeated across a cut inside a section (default: 40).")
    int overlapWords = ChunkingRules.DEFAULT.overlapWords();

    ChunkingRules rules(CommandLine commandLine) {
        try {
            return new ChunkingRules(maxWords, minWords, overlapWords);
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
