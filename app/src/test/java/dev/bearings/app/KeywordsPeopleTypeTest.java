package dev.bearings.app;

import dev.bearings.app.testing.ExampleIndex;
import dev.bearings.core.chunk.ChunkingRules;
import dev.bearings.core.embed.Embedder;
import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.plugin.Settings;
import dev.bearings.core.search.SearchFilter;
import dev.bearings.core.usecase.SearchNotes;
import dev.bearings.core.usecase.SyncIndex;
import dev.bearings.parser.commonmark.CommonmarkParserProvider;
import dev.bearings.source.files.FolderSource;
import dev.bearings.store.lucene.LuceneIndexProvider;
import dev.bearings.store.sqlite.SqliteIndexProvider;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Keywords as people type them, on the real stores with the real model: a question that writes "wifi"
 * finds the note that says "Wi-Fi password" first, though other notes hold "password", "cabin" and
 * "wifi" more often.
 */
@Timeout(300)
class KeywordsPeopleTypeTest {
    @TempDir
    Path root;

    @ParameterizedTest
    @ValueSource(strings = {"sqlite", "lucene"})
    void theWifiPasswordAtTheCabinIsFoundUnderWiFi(String storeName) throws Exception {
        Path notes = Files.createDirectories(root.resolve("notes"));
        Files.writeString(notes.resolve("cabin-weekend.md"), """
                # Cabin weekend, March

                We stayed at the lake cabin with Anna. The Wi-Fi password is heron-22, on the fridge door.
                Firewood is in the shed; the boat key hangs by the door.
                """);
        Files.writeString(notes.resolve("passwords.md"), """
                # Passwords

                Every password lives in the password manager now. The cabin booking site password is in it too,
                and the cabin owner's phone number.
                """);
        Files.writeString(notes.resolve("home-network.md"), """
                # Home network

                The router admin password was changed in May. The wifi name is Biscuit5G; the extender
                is upstairs, the printer in the study.
                """);
        // The rest of a vault: words like "password" and "cabin" are rare in it, as in a real one.
        String[] others = {"Sourdough starter fed twice a day, kept in the fridge over the week.",
                "Dentist on the 14th at nine; bring the insurance card.", "Oil change due at 60,000 miles, tyres rotated.",
                "Tomatoes planted out in May, basil by the back door.", "Book club reads Middlemarch in April.",
                "Tax return filed in January; the receipts are in the blue folder.", "Dog's vaccinations are due in the autumn.",
                "The boiler was serviced in October; the engineer left his card.", "Piano lessons on Tuesdays at five.",
                "Grandma's birthday is on the 3rd of June; she likes lilies.", "Running plan: three short runs and one long run a week.",
                "Kitchen tap drips; washer size is half an inch.", "Holiday in Porto: the tram 28 is worth it.",
                "Recipe for lentil soup with cumin and lemon.", "The car insurance renews in March.",
                "Library books due back on Friday."};
        for (int i = 0; i < others.length; i++) {
            Files.writeString(notes.resolve("note-" + i + ".md"), "# Note " + i + "\n\n" + others[i] + "\n");
        }
        Files.writeString(notes.resolve("cabin-booking.md"), """
                # Cabin booking for the summer

                The cabin is booked for the first week of August. Pay the deposit for the cabin by June.
                """);
        Embedder model = ExampleIndex.model();
        IndexRecipe recipe = IndexRecipe.of("commonmark", ChunkingRules.DEFAULT, true, IndexRecipe.Prefix.TITLED, "onnx",
                Map.of("model", model.modelId()), model);
        ChunkIndexStore store = storeName.equals("sqlite") ? new SqliteIndexProvider().create(Settings.NONE)
                : new LuceneIndexProvider().create(Settings.NONE);
        try (ChunkIndex index = store.open(root.resolve("index"), recipe, false);
             FolderSource source = new FolderSource(notes)) {
            new SyncIndex(new CommonmarkParserProvider().create(Settings.NONE), recipe, model, Clock.systemUTC())
                    .sync(source, index, SyncIndex.Progress.NONE);
            SearchNotes search = new SearchNotes(model, recipe.tuning());
            for (SearchNotes.Mode mode : new SearchNotes.Mode[]{SearchNotes.Mode.HYBRID, SearchNotes.Mode.KEYWORD}) {
                SearchNotes.Results results = search.search(index, new SearchNotes.Request(
                        "what was the wifi password at the cabin?", 5, mode, SearchFilter.NONE));
                assertThat(results.ranked()).as(mode.name()).isNotEmpty();
                assertThat(results.ranked().get(0).chunk().note().id()).as(mode.name()).isEqualTo("cabin-weekend.md");
                assertThat(results.ranked().get(0).snippet()).as(mode.name()).contains("**Wi-Fi** **password**");
            }
        }
    }
}
