package dev.bearings.cli.wiring;

import dagger.Binds;
import dagger.Module;
import dagger.multibindings.ClassKey;
import dagger.multibindings.IntoMap;
import dev.bearings.cli.command.ChunkCommand;
import dev.bearings.cli.command.EvalCommand;
import dev.bearings.cli.command.IndexCommand;
import dev.bearings.cli.command.McpCommand;
import dev.bearings.cli.command.NotesCommand;
import dev.bearings.cli.command.PluginsCommand;
import dev.bearings.cli.command.SearchCommand;
import dev.bearings.cli.command.SimilarityCommand;
import dev.bearings.cli.command.StatusCommand;
import dev.bearings.cli.command.TagsCommand;
import picocli.CommandLine;

/** The subcommands, by class, for picocli to instantiate through Dagger. */
@Module
interface CommandsModule {
    @Binds
    CommandLine.IFactory commands(CommandFactory factory);

    @Binds
    @IntoMap
    @ClassKey(ChunkCommand.class)
    Object chunk(ChunkCommand command);

    @Binds
    @IntoMap
    @ClassKey(SimilarityCommand.class)
    Object similarity(SimilarityCommand command);

    @Binds
    @IntoMap
    @ClassKey(IndexCommand.class)
    Object index(IndexCommand command);

    @Binds
    @IntoMap
    @ClassKey(StatusCommand.class)
    Object status(StatusCommand command);

    @Binds
    @IntoMap
    @ClassKey(SearchCommand.class)
    Object search(SearchCommand command);

    @Binds
    @IntoMap
    @ClassKey(EvalCommand.class)
    Object eval(EvalCommand command);

    @Binds
    @IntoMap
    @ClassKey(McpCommand.class)
    Object mcp(McpCommand command);

    @Binds
    @IntoMap
    @ClassKey(PluginsCommand.class)
    Object plugins(PluginsCommand command);

    @Binds
    @IntoMap
    @ClassKey(NotesCommand.class)
    Object notes(NotesCommand command);

    @Binds
    @IntoMap
    @ClassKey(TagsCommand.class)
    Object tags(TagsCommand command);
}
