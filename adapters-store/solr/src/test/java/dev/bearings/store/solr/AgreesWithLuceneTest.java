package dev.bearings.store.solr;

import dev.bearings.core.chunk.ChunkingRules;
import dev.bearings.core.embed.Embedder;
import dev.bearings.core.index.ChunkIndex;
import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.index.IndexRecipe;
import dev.bearings.core.markdown.MarkdownParser;
import dev.bearings.core.plugin.Settings;
import dev.bearings.core.search.KeywordSearch;
import dev.bearings.core.search.RankedChunk;
import dev.bearings.core.search.SearchFilter;
import dev.bearings.core.usecase.SyncIndex;
import dev.bearings.embedding.onnx.OnnxEmbedderProvider;
import dev.bearings.parser.commonmark.CommonmarkParserProvider;
import dev.bearings.source.files.FolderSource;
import dev.bearings.store.lucene.LuceneIndexProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The example notes indexed into the Lucene store and into a SolrCloud collection of two shards with two
 * replicas, by the real parser and the default model: keyword search gives the same chunks with the
 * same BM25 scores (the collection's statistics are exact, not per shard), and vector search the same
 * hits. HNSW is approximate; on twenty chunks both graphs find the exact neighbours, so the top five
 * are compared as lists, with their cosines to 1e-5.
 */
@ExtendWith(MiniCloud.class)
class AgreesWithLuceneTest {
    private static final String COLLECTION = "agreement";
    private static final Path NOTES = Path.of("../../examples/notes");

    @TempDir
    static Path luceneFolder;
    @TempDir
    static Path solrFolder;

    private static Embedder embedder;
    private static ChunkIndex lucene;
    private static ChunkIndex solr;

    @BeforeAll
    static void indexTheExampleNotesIntoBoth() throws Exception {
        MiniCloud.running().drop(COLLECTION);
        embedder = new OnnxEmbedderProvider().create(Settings.of(Map.of("model", "bge-small-int8")));
        MarkdownParser parser = new CommonmarkParserProvider().create(Settings.NONE);
        IndexRecipe recipe = IndexRecipe.of("commonmark", ChunkingRules.DEFAULT, true, IndexRecipe.Prefix.TITLED, "onnx",
                Map.of("model", "bge-small-int8"), embedder);
        ChunkIndexStore solrStore = new SolrIndexProvider().create(MiniCloud.running().settings(COLLECTION));
        lucene = new LuceneIndexProvider().create(Settings.NONE).open(luceneFolder, recipe, false);
        solr = solrStore.open(solrFolder, recipe, false);
        for (ChunkIndex index : List.of(lucene, solr)) {
            try (FolderSource source = new FolderSource(NOTES)) {
                new SyncIndex(parser, recipe, embedder, Clock.systemUTC()).sync(source, index, SyncIndex.Progress.NONE);
            }
        }
        assertThat(solr.stats().chunks()).isEqualTo(lucene.stats().chunks()).isGreaterThan(10);
    }

    @AfterAll
    static void close() throws Exception {
        lucene.close();
        solr.close();
        embedder.close();
        MiniCloud.running().drop(COLLECTION);
    }

    private static List<String> ids(List<RankedChunk> hits) {
        return hits.stream().map(h -> h.chunk().note().id() + "#" + h.chunk().ordinal()).toList();
    }

    private static Set<String> hitsAsText(List<RankedChunk> hits) {
        return hits.stream().map(h -> h.chunk().note().id() + "#" + h.chunk().ordinal() + " " + h.chunk().headingPath()
                + " lines " + h.chunk().startLine() + "-" + h.chunk().endLine() + " " + h.chunk().note().tags())
                .collect(Collectors.toSet());
    }

    @ParameterizedTest
    @ValueSource(strings = {"how did I set up the VPN?", "WireGuard port 51820", "feeding the sourdough starter",
            "restore from backup", "git rebase interactive", "嵐山", "bus pass in Kyoto", "zebra"})
    void keywordSearchGivesTheSameChunksWithTheSameScores(String query) {
        List<RankedChunk> expected = ((KeywordSearch) lucene).keywords(query, 10, SearchFilter.NONE);
        List<RankedChunk> actual = ((KeywordSearch) solr).keywords(query, 10, SearchFilter.NONE);
        assertThat(actual).hasSameSizeAs(expected);
        assertThat(hitsAsText(actual)).isEqualTo(hitsAsText(expected));
        for (int i = 0; i < expected.size(); i++) {
            assertThat(actual.get(i).score()).as("score of hit %d", i).isCloseTo(expected.get(i).score(), within(1e-4));
        }
        if (!query.equals("zebra")) {
            assertThat(expected).as("the query finds something").isNotEmpty();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"how did I set up the VPN?", "keeping a starter alive", "copies of my files offline",
            "undo the last commit", "temples and trains in Japan"})
    void vectorSearchGivesTheSameTopHits(String query) {
        float[] vector = embedder.embedQuery(query).vector();
        List<RankedChunk> expected = lucene.nearest(vector, 5, SearchFilter.NONE);
        List<RankedChunk> actual = solr.nearest(vector, 5, SearchFilter.NONE);
        assertThat(ids(actual)).isEqualTo(ids(expected)).hasSize(5);
        for (int i = 0; i < expected.size(); i++) {
            assertThat(actual.get(i).score()).isCloseTo(expected.get(i).score(), within(1e-5));
        }
    }
}
