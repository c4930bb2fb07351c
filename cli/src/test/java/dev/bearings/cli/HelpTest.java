package dev.bearings.cli;

import dev.bearings.app.index.NewIndex;
import dev.bearings.embedding.support.EmbedderSettings;
import dev.bearings.embedding.support.EmbeddingModel;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every command's help as a person reads it: it fits 100 columns, shows an example, and names no
 * class, method or pattern of the code behind it.
 */
class HelpTest {
    private static final Pattern CODE = Pattern.compile("\\w\\(\\)|className|\\\\[ws]|\\[\\^|<[a-z][a-zA-Z]*>|\\$\\{");

    @Test
    void everyCommandsHelpFitsShowsAnExampleAndNamesNoCode() {
        CommandLine bearings = Bearings.commandLine();
        for (Map.Entry<String, CommandLine> command : bearings.getSubcommands().entrySet()) {
            if (List.of("help", "generate-completion").contains(command.getKey())) {
                continue;
            }
            command.getValue().getCommandSpec().usageMessage().width(100);
            String usage = command.getValue().getUsageMessage(CommandLine.Help.Ansi.OFF);
            assertThat(usage.lines()).as(command.getKey()).allSatisfy(line -> assertThat(line.length()).as(line).isLessThanOrEqualTo(100));
            assertThat(usage).as(command.getKey()).contains("Example");
            assertThat(CODE.matcher(usage).find()).as(command.getKey() + ":\n" + usage).isFalse();
        }
    }

    @Test
    void theModelAndWindowHelpNameTheDefaultsTheCodeDecides() {
        CommandLine index = Bearings.commandLine().getSubcommands().get("index");
        String model = String.join(" ", index.getCommandSpec().findOption("--model").description());
        String window = String.join(" ", index.getCommandSpec().findOption("--window").description());
        assertThat(model).contains(EmbedderSettings.DEFAULT_MODEL + " (default");
        assertThat(EmbeddingModel.BUNDLED).allSatisfy(name -> assertThat(model).contains(name));
        assertThat(window).contains(EmbeddingModel.bundled(EmbedderSettings.DEFAULT_MODEL).defaultWindow() + " for bge-small")
                .contains(EmbeddingModel.bundled("minilm").defaultWindow() + " for all-MiniLM-L6-v2")
                .contains("at most " + EmbeddingModel.MAX_POSITIONS);
    }

    @Test
    void theParserStoreAndEngineHelpNameTheDefaultsOfANewIndex() {
        CommandLine index = Bearings.commandLine().getSubcommands().get("index");
        assertThat(String.join(" ", index.getCommandSpec().findOption("--parser").description())).contains("else " + NewIndex.PARSER + ")");
        assertThat(String.join(" ", index.getCommandSpec().findOption("--embedder").description())).contains(NewIndex.EMBEDDER + " (default)");
        assertThat(String.join(" ", index.getCommandSpec().findOption("--store").description())).contains(NewIndex.STORE + " for a new one");
        assertThat(String.join(" ", index.getCommandSpec().findOption("--preset").description())).contains("max " + NewIndex.RULES.maxWords()
                + ", min " + NewIndex.RULES.minWords() + ", overlap " + NewIndex.RULES.overlapWords() + " words");
    }
}
