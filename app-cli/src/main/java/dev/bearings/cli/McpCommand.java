package dev.bearings.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.index.IndexMismatchException;
import dev.bearings.core.index.IndexRecipe;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.json.schema.jackson2.DefaultJsonSchemaValidator;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import javax.inject.Inject;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code bearings mcp}: the index as an MCP server over stdio, for AI agents. Only protocol messages
 * go to stdout; anything else that would print there goes to stderr with the logs.
 */
@Command(name = "mcp", mixinStandardHelpOptions = true,
        description = {"Serve the index to AI agents (Claude Desktop, Claude Code, Cursor) as an MCP server over stdio.",
                "Searches first sync the notes changed since the last sync, for at most --sync-budget seconds."})
final class McpCommand implements Callable<Integer> {
    private final Plugins plugins;
    static final String INSTRUCTIONS = "Bearings searches the user's own Markdown notes (Bear, Obsidian, folders) "
            + "offline. Use search_notes for questions about what the user wrote; cite the note title, heading path "
            + "and lines; use read_note to read a whole note or section.";


    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--sync-budget", paramLabel = "SECONDS", defaultValue = "5",
            description = "Most seconds a search spends indexing changed notes first (default: 5).")
    private double syncBudget;

    @Mixin
    private StoreOptions storeOptions = new StoreOptions();

    @Mixin
    private RecipeOptions recipeOptions = new RecipeOptions();

    @Inject
    McpCommand(Plugins plugins) {
        this.plugins = plugins;
    }

    @Override
    public Integer call() throws Exception {
        if (!(syncBudget >= 0)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--sync-budget must be 0 or more seconds");
        }
        Path folder = storeOptions.folder();
        ChunkIndexStore store = storeOptions.store(plugins.stores());
        // The server searches and syncs with the index's own recipe; flags that would change it are refused.
        Optional<IndexRecipe> built = RecipeOptions.built(store, folder);
        RecipeOptions.Opened recipe = recipeOptions.open(spec.commandLine(), plugins.parsers(), plugins.embedders(), built);
        if (built.isPresent() && !built.get().differences(recipe.recipe()).isEmpty()) {
            recipe.close();
            throw new IndexMismatchException(folder, built.get().differences(recipe.recipe()));
        }
        JsonRpcGuard.LineOutput protocol = new JsonRpcGuard.LineOutput(new FileOutputStream(FileDescriptor.out));
        // Whatever prints to System.out from here on would corrupt the protocol stream.
        System.setOut(new PrintStream(new FileOutputStream(FileDescriptor.err), true));
        var mapper = new JacksonMcpJsonMapper(new ObjectMapper());
        CountDownLatch closed = new CountDownLatch(1);
        try (LiveIndex index = new LiveIndex(folder, store, recipe, plugins.sources(), Clock.systemUTC())) {
            McpTools tools = new McpTools(index, storeOptions.store, Duration.ofMillis((long) (syncBudget * 1000)), mapper);
            JsonRpcGuard guard = new JsonRpcGuard(new FileInputStream(FileDescriptor.in), protocol, closed::countDown);
            InputStream checked = guard.start();
            StdioServerTransportProvider transport = new StdioServerTransportProvider(mapper, checked, protocol);
            NoteResources resources = new NoteResources(tools, index);
            AtomicReference<McpSyncServer> server = new AtomicReference<>();
            server.set(McpServer.sync(transport)
                    .serverInfo("bearings", Version.NUMBER)
                    .instructions(INSTRUCTIONS)
                    .capabilities(McpSchema.ServerCapabilities.builder().tools(false).resources(false, true)
                            .prompts(false).build())
                    .jsonMapper(mapper)
                    .jsonSchemaValidator(new DefaultJsonSchemaValidator(new ObjectMapper()))
                    .validateToolInputs(true)
                    .requestTimeout(Duration.ofMinutes(30))
                    .tools(tools.specifications(() -> resources.reconcile(server.get())))
                    .resourceTemplates(resources.template())
                    .prompts(AnswerPrompt.specification())
                    .build());
            resources.reconcile(server.get());
            closed.await();
            // The client has gone; answer what it asked before it went, then stop.
            protocol.drain(Duration.ofMinutes(1));
            guard.close();
            server.get().closeGracefully();
        }
        return 0;
    }
}
