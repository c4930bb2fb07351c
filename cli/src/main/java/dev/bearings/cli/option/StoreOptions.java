package dev.bearings.cli.option;

import dev.bearings.app.folder.DataFolder;
import dev.bearings.app.index.NewIndex;
import dev.bearings.app.plugin.ProviderSpec;
import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.plugin.ChunkIndexProvider;
import dev.bearings.core.plugin.ProviderRegistry;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import dev.bearings.app.words.ShellWords;
import picocli.CommandLine;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Where the index lives and which kind it is, shared by every command that opens one. */
public final class StoreOptions {

    /** The flag naming the index folder, as the commands we suggest write it. */
    public static final String INDEX_FLAG = "--index";

    @Option(names = INDEX_FLAG, paramLabel = "DIR",
            description = "Index folder (default: $XDG_DATA_HOME/bearings, ~/.local/share/bearings, or "
                    + "~/Library/Application Support/bearings on macOS).")
    Path folder;

    @Option(names = "--store", paramLabel = "NAME[:KEY=VALUE,...]", completionCandidates = StoreNames.class,
            description = "Index kind: sqlite, lucene, solr:url=http://HOST:8983/solr[,collection=NAME,...], or a plugin's "
                    + "name (default: the kind the index folder holds, or " + NewIndex.STORE + " for a new one).")
    String store;

    @Spec(Spec.Target.MIXEE)
    private CommandSpec command;

    public Path folder() {
        return folder(Path.of(""));
    }

    /** The folder, a relative {@code --index} taken from {@code workingFolder} (a client's, for a served search). */
    public Path folder(Path workingFolder) {
        return (folder != null ? workingFolder.resolve(folder) : DataFolder.path()).toAbsolutePath().normalize();
    }

    public ChunkIndexStore store(ProviderRegistry<ChunkIndexProvider> stores) {
        ProviderSpec spec = ProviderSpec.parse(spec(stores));
        return stores.create(spec.name(), spec.settings());
    }

    /** {@link #spec(ProviderRegistry, Path)} for this command's own working folder. */
    public String spec(ProviderRegistry<ChunkIndexProvider> stores) {
        return spec(stores, Path.of(""));
    }

    /**
     * The store as {@code --store} names it, or else the kind of index the folder holds, or else sqlite:
     * an index folder says what it is. A {@code --store} of another kind than the folder holds is refused,
     * rather than a second index built beside the first.
     */
    public String spec(ProviderRegistry<ChunkIndexProvider> stores, Path workingFolder) {
        Path folder = folder(workingFolder);
        List<String> held = stores.providers().stream().filter(p -> p.holdsIndexIn(folder)).map(ChunkIndexProvider::name).toList();
        if (store != null) {
            String asked = ProviderSpec.parse(store).name();
            if (!held.isEmpty() && !held.contains(asked)) {
                throw new CommandLine.ParameterException(command.commandLine(), "the index at " + folder + " is a " + held.get(0)
                        + " index, not " + asked + ": leave out --store, or choose another --index");
            }
            return store;
        }
        if (held.size() > 1) {
            throw new CommandLine.ParameterException(command.commandLine(), "the folder " + folder + " holds indexes of "
                    + String.join(" and ", held) + ": choose one with --store");
        }
        return held.isEmpty() ? NewIndex.STORE : held.get(0);
    }

    /**
     * The {@code --index} flag naming this index, for a command we suggest, so that pasted it acts on
     * the same index; empty for the default index.
     */
    public String indexFlag() {
        return indexFlag(folder());
    }

    /** The same, for the index as resolved where the command was given (a served search's client). */
    public String indexFlag(Path resolved) {
        return folder == null ? "" : " " + INDEX_FLAG + " " + ShellWords.quote(resolved.toString());
    }

    /** The {@code --store} as given, or null. */
    public String given() {
        return store;
    }

    /** The store's name without its settings, which may hold a password: what status and the MCP server show. */
    public String storeName(ProviderRegistry<ChunkIndexProvider> stores) {
        return ProviderSpec.parse(spec(stores)).name();
    }

    /** The built-in stores, for completion; the registry has the real list at run time. */
    static final class StoreNames extends ArrayList<String> {
        private static final long serialVersionUID = 1L;

        StoreNames() {
            super(List.of("sqlite", "lucene", "solr"));
        }
    }
}
