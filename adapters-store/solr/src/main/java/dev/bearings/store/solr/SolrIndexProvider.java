package dev.bearings.store.solr;

import dev.bearings.core.index.ChunkIndexStore;
import dev.bearings.core.plugin.ChunkIndexProvider;
import dev.bearings.core.plugin.Settings;

import java.util.Set;

/**
 * Offers a SolrCloud collection as the store named {@code solr}: settings {@code url} (one or more
 * nodes, separated by {@code |}), {@code collection}, {@code shards} and {@code replicas} (used when
 * Bearings creates the collection), {@code commit-every} (notes per visible commit), {@code user} and
 * {@code password}.
 */
public final class SolrIndexProvider implements ChunkIndexProvider {

    @Override
    public String name() {
        return "solr";
    }

    @Override
    public String description() {
        return "a SolrCloud collection: sharded, replicated; kNN vectors and BM25 text (url=http://HOST:8983/solr)";
    }

    @Override
    public Set<String> settingNames() {
        return SolrSettings.NAMES;
    }

    @Override
    public ChunkIndexStore create(Settings settings) {
        SolrSettings solr = SolrSettings.of(settings);
        return ChunkIndexStore.of(SolrChunkIndex.FORMAT_VERSION, folder -> SolrIndexReader.openExisting(solr, folder),
                (folder, recipe, rebuild) -> SolrChunkIndex.open(solr, folder, recipe, rebuild));
    }
}
