package dev.bearings.cli.command;

import dev.bearings.app.folder.DataFolder;
import dev.bearings.app.plugin.Plugins;
import dev.bearings.cli.option.StoreOptions;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.mcp.http.ServerEntry;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.awt.Desktop;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code bearings open}: the index's search page in the default browser. It asks the index's server (the
 * background one, started now when none runs, or a {@code bearings mcp --http}) for a one-time address of
 * its page and opens it, or prints it where no browser can be opened.
 */
@Command(name = "open", mixinStandardHelpOptions = true,
        footerHeading = "%nExamples:%n",
        footer = {"  bearings open", "  bearings open --index ~/work-notes-index --print"},
        description = {"Open the search page of the index in your browser: search as you type, filter by source, tag and date, "
                + "read a note or a section, see how fresh the index is. Starts the index's background server when none runs.",
                "The address works once, within 5 minutes; run the command again for a new one."})
public final class OpenCommand implements Callable<Integer> {
    /** How long a browser opener may take before it is taken to have opened the page. */
    private static final Duration OPENER = Duration.ofSeconds(10);

    private final Plugins plugins;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Mixin
    private StoreOptions storeOptions = new StoreOptions();

    @Option(names = "--print", description = "Print the page's one-time address instead of opening a browser.")
    private boolean print;

    OpenCommand(Plugins plugins) {
        this.plugins = plugins;
    }

    @Override
    public Integer call() throws Exception {
        Path data = DataFolder.path();
        Path folder = storeOptions.folder();
        // Said here, not as an error on the page: there is no index to serve.
        try (ChunkIndexReader index = storeOptions.store(plugins.stores()).openExisting(folder)) {
            index.manifest();
        }
        Optional<ServerEntry> server = BackgroundServer.runningOrStarted(data, folder, storeOptions.given(),
                BackgroundServer.idle(System.getenv()), BackgroundServer.START_PATIENCE);
        if (server.isEmpty()) {
            spec.commandLine().getErr().println("bearings: the server of " + folder + " did not start; its log says why: "
                    + BackgroundServer.log(data, folder));
            return 1;
        }
        if (!server.get().provesItself()) {
            spec.commandLine().getErr().println("bearings: the server on port " + server.get().port() + " does not prove it is the "
                    + "one that wrote its entry; run bearings server stop --all, then bearings open again");
            return 1;
        }
        String address = server.get().pageAddress(ServerCommand.token(data));
        if (!print && browse(address)) {
            spec.commandLine().getErr().println("bearings: opened the search page of " + folder + " in your browser");
            return 0;
        }
        if (!print) {
            spec.commandLine().getErr().println("bearings: no browser could be opened from here; open this address in a browser on "
                    + "this machine, once, within 5 minutes:");
        }
        spec.commandLine().getOut().println(address);
        return 0;
    }

    /** Opens {@code address} in the default browser: the desktop's own way where Java has one, else xdg-open or open. */
    private static boolean browse(String address) {
        try {
            if (Desktop.isDesktopSupported() && Desktop.getDesktop().isSupported(Desktop.Action.BROWSE)) {
                Desktop.getDesktop().browse(URI.create(address));
                return true;
            }
        } catch (IOException | RuntimeException noDesktop) {
            // Try the system's opener.
        }
        boolean mac = System.getProperty("os.name").startsWith("Mac");
        // Without a display, xdg-open would start a text browser in this terminal.
        if (!mac && System.getenv("DISPLAY") == null && System.getenv("WAYLAND_DISPLAY") == null) {
            return false;
        }
        for (String folder : (mac ? "/usr/bin" : System.getenv().getOrDefault("PATH", "/usr/bin")).split(File.pathSeparator)) {
            Path opener = Path.of(folder, mac ? "open" : "xdg-open");
            if (Files.isExecutable(opener)) {
                try {
                    Process opening = new ProcessBuilder(opener.toString(), address).redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                    // Still running: it started a browser that has not returned; taken as opened.
                    return !opening.waitFor(OPENER.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS) || opening.exitValue() == 0;
                } catch (IOException e) {
                    return false;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
        }
        return false;
    }
}
