package dev.bearings.cli.command;

import dev.bearings.app.json.TagJson;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.bearings.app.plugin.Plugins;
import dev.bearings.cli.option.StoreOptions;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.usecase.ListTags;
import dev.bearings.cli.output.Visible;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code bearings tags}: the tags of the indexed notes with their note counts. */
@Command(name = "tags", mixinStandardHelpOptions = true,
        footerHeading = "%nExample:%n",
        footer = {"  bearings tags --json"},
        description = "List the tags of the indexed notes with how many notes carry each (a parent counts its children's).")
public final class TagsCommand implements Callable<Integer> {
    private final Plugins plugins;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--json", description = "Print a JSON array of {tag, notes}.")
    private boolean json;

    @Mixin
    private StoreOptions storeOptions = new StoreOptions();

    TagsCommand(Plugins plugins) {
        this.plugins = plugins;
    }

    @Override
    public Integer call() throws Exception {
        List<TagJson> tags;
        try (ChunkIndexReader index = storeOptions.store(plugins.stores()).openExisting(storeOptions.folder())) {
            tags = TagJson.of(ListTags.list(index));
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(tags));
            return tags.isEmpty() ? CommandLines.NOTHING : CommandLines.FOUND;
        }
        for (TagJson tag : tags) {
            out.printf("%5d  #%s%n", tag.notes(), Visible.of(tag.tag()));
        }
        if (tags.isEmpty()) {
            spec.commandLine().getErr().println("bearings: no note has a tag");
        }
        return tags.isEmpty() ? CommandLines.NOTHING : CommandLines.FOUND;
    }
}
