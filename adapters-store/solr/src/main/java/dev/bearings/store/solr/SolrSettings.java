package dev.bearings.store.solr;

import dev.bearings.core.plugin.SettingValues;
import dev.bearings.core.plugin.Settings;

import java.net.URI;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Where the collection lives and how it is laid out, read from the provider's settings. A password is
 * held here only: {@link #toString()} and every message leave it out.
 *
 * @param urls        Solr nodes to ask for the cluster's state (any live one will do)
 * @param shards      used only when Bearings creates the collection
 * @param replicas    per shard; used only when Bearings creates the collection
 * @param notesPerCommit how many notes a writer changes before they become visible; 1 makes each
 *                    visible at once, as the other stores are
 */
record SolrSettings(List<String> urls, String collection, int shards, int replicas, int notesPerCommit,
                    Optional<String> user, Optional<String> password) {
    static final String URL = "url";
    static final String COLLECTION = "collection";
    static final String SHARDS = "shards";
    static final String REPLICAS = "replicas";
    static final String COMMIT_EVERY = "commit-every";
    static final String USER = "user";
    static final String PASSWORD = "password";
    static final Set<String> NAMES = Set.of(URL, COLLECTION, SHARDS, REPLICAS, COMMIT_EVERY, USER, PASSWORD);
    /** Read when {@code user} is given without {@code password}: a command line is visible to every process. */
    static final String PASSWORD_VARIABLE = "BEARINGS_SOLR_PASSWORD";

    static SolrSettings of(Settings settings) {
        SettingValues values = new SettingValues("index store 'solr'", settings);
        List<String> urls = Arrays.stream(values.required(URL, "http://HOST:8983/solr (several separated by |)")
                .split("\\|")).map(String::strip).filter(u -> !u.isEmpty()).toList();
        for (String url : urls) {
            URI uri;
            try {
                uri = URI.create(url);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("index store 'solr' setting url: '" + url + "' is not a URL");
            }
            if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme()) || uri.getHost() == null) {
                throw new IllegalArgumentException("index store 'solr' setting url must be an http(s) address such as "
                        + "http://localhost:8983/solr, not '" + url + "'");
            }
        }
        String collection = values.text(COLLECTION, "bearings").strip();
        if (!collection.matches("[A-Za-z0-9_][A-Za-z0-9_.-]*")) {
            throw new IllegalArgumentException("index store 'solr' setting collection must be letters, digits, '_', '-' "
                    + "and '.', not '" + collection + "'");
        }
        Optional<String> user = values.text(USER, "").isBlank() ? Optional.empty() : Optional.of(values.text(USER, ""));
        Optional<String> password = settings.get(PASSWORD).or(() -> Optional.ofNullable(System.getenv(PASSWORD_VARIABLE)));
        if (user.isPresent() != password.isPresent()) {
            throw new IllegalArgumentException("index store 'solr' needs both user and password (or " + PASSWORD_VARIABLE
                    + "), or neither");
        }
        return new SolrSettings(urls, collection, values.number(SHARDS, 1, 1, 1024), values.number(REPLICAS, 1, 1, 64),
                values.number(COMMIT_EVERY, 1, 1, 1_000_000), user, password);
    }

    /** Where the index is, for messages: the collection and the first node. */
    String where() {
        return "Solr collection '" + collection + "' at " + urls.get(0);
    }

    @Override
    public String toString() {
        return "SolrSettings[urls=" + urls + ", collection=" + collection + ", shards=" + shards + ", replicas="
                + replicas + ", commit-every=" + notesPerCommit + user.map(u -> ", user=" + u + ", password=***").orElse("")
                + "]";
    }
}
