package com.example.bearings.store;

import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.ChunkIndexReader;
import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.index.IndexManifest;
import dev.bearings.core.index.IndexMismatchException;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.plugin.ChunkIndexProvider;
import dev.bearings.core.plugin.Settings;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

/** Listed in META-INF/services: that line is all it takes for bearings to offer {@code --store json-folder}. */
public final class JsonFolderIndexProvider implements ChunkIndexProvider {

    @Override
    public String name() {
        return "json-folder";
    }

    @Override
    public String description() {
        return "example plugin: one JSON file per note in the folder json-index, vector search only";
    }

    @Override
    public ChunkIndexStore create(Settings settings) {
        return new ChunkIndexStore() {
            @Override
            public int formatVersion() {
                return JsonFolderIndex.FORMAT_VERSION;
            }

            @Override
            public ChunkIndexReader openExisting(Path folder) throws IndexUnreadableException {
                Path location = folder.resolve("json-index");
                IndexManifest manifest = JsonFolderIndex.readManifest(location).orElseThrow(() -> new IndexUnreadableException(
                        folder, IndexUnreadableException.Problem.ABSENT, "there is no index here yet", null));
                return new JsonFolderIndex(location, manifest, false);
            }

            @Override
            public ChunkIndex open(Path folder, IndexRecipe recipe, boolean rebuild)
                    throws IndexMismatchException, IndexUnreadableException {
                Path location = folder.resolve("json-index");
                IndexManifest wanted = manifest(recipe);
                try {
                    if (rebuild && Files.exists(location)) {
                        try (Stream<Path> files = Files.walk(location)) {
                            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                                Files.delete(file);
                            }
                        }
                    }
                    Optional<IndexManifest> existing = JsonFolderIndex.readManifest(location);
                    if (existing.isPresent()) {
                        existing.get().requireSameAs(wanted, folder);
                    } else {
                        JsonFolderIndex.writeManifest(location, wanted);
                    }
                } catch (IOException e) {
                    throw new IndexUnreadableException(folder, IndexUnreadableException.Problem.UNWRITABLE,
                            "the folder cannot be written (" + e + ")", e);
                }
                return new JsonFolderIndex(location, wanted, true);
            }
        };
    }
}
