package dev.bearings.cli.command;

import dev.bearings.app.index.LiveIndex;
import dev.bearings.app.plugin.Plugins;
import dev.bearings.cli.option.EmbedderOptions;
import dev.bearings.cli.option.StoreOptions;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The server's side of {@link ServedSearch}: runs a client's {@code bearings search} command line, the
 * same command with the same parsing and messages, on the index and model the server has open, and
 * answers with what it printed. It declines (409) a command that names another index or store, or a
 * model, or an argument file, or that comes from another version of Bearings, and one that would wait more than
 * {@link #PATIENCE} for a sync: the client then searches the index itself.
 */
final class SearchServlet extends HttpServlet {
    static final Duration PATIENCE = Duration.ofSeconds(2);

    private final transient Class<?> root;
    private final transient CommandLine.IFactory commands;
    private final transient Plugins plugins;
    private final transient LiveIndex index;
    private final transient Path folder;
    private final String store;

    /**
     * @param root     the {@code bearings} command's class, whose {@code search} the request runs
     * @param commands makes the commands of a {@code bearings} command line
     * @param store    the {@code --store} the server was started with
     */
    SearchServlet(Class<?> root, CommandLine.IFactory commands, Plugins plugins, LiveIndex index, Path folder, String store) {
        this.root = root;
        this.commands = commands;
        this.plugins = plugins;
        this.index = index;
        this.folder = folder;
        this.store = store;
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        request.setCharacterEncoding(StandardCharsets.UTF_8.name());
        String version = request.getParameter("version");
        String cwd = request.getParameter("cwd");
        Path workingFolder;
        try {
            workingFolder = cwd == null ? null : Path.of(cwd);
        } catch (InvalidPathException e) {
            workingFolder = null;
        }
        if (workingFolder == null || !workingFolder.isAbsolute()) {
            response.sendError(HttpServletResponse.SC_BAD_REQUEST, "cwd must be the client's absolute working folder");
            return;
        }
        if (!VersionNumber.BUILD.equals(version)) {
            response.setHeader(ServedSearch.VERSION_HEADER, VersionNumber.BUILD);
            response.sendError(HttpServletResponse.SC_CONFLICT, "this server is bearings " + VersionNumber.BUILD);
            return;
        }
        List<String> args = new ArrayList<>(List.of("search"));
        String[] given = request.getParameterValues("arg");
        args.addAll(given == null ? List.of() : List.of(given));
        if (args.stream().anyMatch(arg -> arg.startsWith("@"))) {
            // An argument file is read where the command runs: the client's, as the client sees it.
            response.sendError(HttpServletResponse.SC_CONFLICT, "argument files are read by the command itself");
            return;
        }
        OnThisServer server = new OnThisServer(workingFolder);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine.IFactory served = new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> type) throws Exception {
                return type == SearchCommand.class ? type.cast(new SearchCommand(plugins, server)) : commands.create(type);
            }
        };
        int exit = CommandLines.run(new CommandLine(root, served), new PrintWriter(out), new PrintWriter(err),
                args.toArray(String[]::new));
        if (server.declined) {
            response.sendError(HttpServletResponse.SC_CONFLICT, "not this server's index, model or store, or busy syncing");
            return;
        }
        response.setContentType("text/plain; charset=UTF-8");
        response.setHeader(ServedSearch.EXIT_HEADER, Integer.toString(exit));
        response.setHeader(ServedSearch.OUT_CHARS_HEADER, Integer.toString(out.getBuffer().length()));
        response.getWriter().append(out.getBuffer()).append(err.getBuffer());
    }

    /** The server's index and model for one request, if the request's options name them. */
    private final class OnThisServer implements SearchCommand.Server {
        private final Path workingFolder;
        private boolean declined;

        OnThisServer(Path workingFolder) {
            this.workingFolder = workingFolder;
        }

        @Override
        public int answer(StoreOptions options, EmbedderOptions embedder, SearchCommand.Search search) throws Exception {
            if (embedder.requested() || !sameFolder(options.folder(workingFolder))
                    || !store.equals(options.spec(plugins.stores(), workingFolder))) {
                declined = true;
                return CommandLine.ExitCode.SOFTWARE;
            }
            Optional<Integer> exit = index.exclusively(PATIENCE, () -> search.run(index.reader(), index.embedder(), folder));
            declined = exit.isEmpty();
            return exit.orElse(CommandLine.ExitCode.SOFTWARE);
        }

        private boolean sameFolder(Path asked) {
            try {
                return Files.isSameFile(asked, folder);
            } catch (IOException missing) {
                return false;
            }
        }
    }
}
