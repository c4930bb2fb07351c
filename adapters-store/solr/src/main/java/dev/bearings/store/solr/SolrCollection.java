package dev.bearings.store.solr;

import dev.bearings.core.index.ChunkIndexStore.IndexUnreadableException.Problem;
import dev.bearings.core.index.ChunkIndexStore.IndexUnreadableException;
import org.apache.solr.client.solrj.SolrRequest;
import org.apache.solr.client.solrj.SolrServerException;
import org.apache.solr.client.solrj.impl.CloudHttp2SolrClient;
import org.apache.solr.client.solrj.impl.Http2SolrClient;
import org.apache.solr.client.solrj.request.CollectionAdminRequest;
import org.apache.solr.client.solrj.request.ConfigSetAdminRequest;
import org.apache.solr.client.solrj.request.CoreAdminRequest;
import org.apache.solr.client.solrj.request.GenericSolrRequest;
import org.apache.solr.client.solrj.response.ConfigSetAdminResponse;
import org.apache.solr.common.SolrException;
import org.apache.solr.common.cloud.DocCollection;
import org.apache.solr.common.cloud.Replica;
import org.apache.solr.common.util.ContentStreamBase;
import org.apache.solr.common.util.NamedList;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * A connection to the SolrCloud cluster that holds the index, and what is done to the collection as a
 * whole: finding it, creating it with Bearings' configset, dropping it, measuring it.
 */
final class SolrCollection implements AutoCloseable {
    private static final String CONFIGSET = "/dev/bearings/store/solr/configset/";
    private static final List<String> CONFIG_FILES = List.of("solrconfig.xml", "schema.xml", "stopwords_en.txt");

    final SolrSettings settings;
    final CloudHttp2SolrClient client;
    /** The index's folder, which messages name, as every store's do. */
    final Path folder;

    private SolrCollection(SolrSettings settings, CloudHttp2SolrClient client, Path folder) {
        this.settings = settings;
        this.client = client;
        this.folder = folder;
    }

    static SolrCollection connect(SolrSettings settings, Path folder) {
        Http2SolrClient.Builder http = new Http2SolrClient.Builder()
                .withConnectionTimeout(5, TimeUnit.SECONDS)
                .withRequestTimeout(120, TimeUnit.SECONDS);
        if (settings.user().isPresent()) {
            http.withBasicAuthCredentials(settings.user().get(), settings.password().orElseThrow());
        }
        CloudHttp2SolrClient client = new CloudHttp2SolrClient.Builder(settings.urls())
                .withInternalClientBuilder(http)
                .withDefaultCollection(settings.collection())
                .build();
        return new SolrCollection(settings, client, folder);
    }

    boolean exists() throws IndexUnreadableException {
        try {
            return CollectionAdminRequest.listCollections(client).contains(settings.collection());
        } catch (SolrServerException | IOException | RuntimeException e) {
            // SolrJ's cluster state says "no node answered" with a bare RuntimeException
            throw unreachable(e);
        }
    }

    /** The configset the collection was created with, which fixes its vector dimension. */
    String configName() {
        DocCollection collection = client.getClusterState().getCollection(settings.collection());
        return collection.getConfigName();
    }

    static String configName(int dimension) {
        return "bearings-" + dimension;
    }

    /** Creates the collection for vectors of {@code dimension}, uploading the configset it needs if the cluster lacks it. */
    void create(int dimension) throws IndexUnreadableException {
        String config = configName(dimension);
        try {
            ConfigSetAdminResponse.List configs = new ConfigSetAdminRequest.List().process(client);
            if (!configs.getConfigSets().contains(config)) {
                ConfigSetAdminRequest.Upload upload = new ConfigSetAdminRequest.Upload().setConfigSetName(config);
                ContentStreamBase.ByteArrayStream zip = new ContentStreamBase.ByteArrayStream(configset(dimension), config + ".zip",
                        "application/zip");
                upload.setUploadStream(zip);
                upload.process(client);
            }
            CollectionAdminRequest.Create create = CollectionAdminRequest.createCollection(settings.collection(), config,
                    settings.shards(), settings.replicas());
            create.setWaitForFinalState(true);
            create.process(client);
        } catch (SolrServerException | IOException | SolrException e) {
            throw failed(Problem.UNWRITABLE, "cannot create the " + settings.where(), e);
        }
    }

    void drop() throws IndexUnreadableException {
        try {
            CollectionAdminRequest.deleteCollection(settings.collection()).process(client);
        } catch (SolrServerException | IOException | SolrException e) {
            throw failed(Problem.UNWRITABLE, "cannot delete the " + settings.where(), e);
        }
    }

    /** Bytes of every copy of the index, all replicas counted: what the collection costs the cluster's disks. */
    long bytesOnDisk() {
        long bytes = 0;
        for (Replica replica : client.getClusterState().getCollection(settings.collection()).getReplicas()) {
            try {
                NamedList<Object> status = client.getHttpClient().requestWithBaseUrl(replica.getBaseUrl(), null,
                        statusOf(replica.getCoreName())).getCoreStatus(replica.getCoreName());
                Object index = status == null ? null : status.get("index");
                if (index instanceof NamedList<?> info && info.get("sizeInBytes") instanceof Number size) {
                    bytes += size.longValue();
                }
            } catch (SolrServerException | IOException | SolrException e) {
                // a replica that is down has no size to report; the others still count
            }
        }
        return bytes;
    }

    private static CoreAdminRequest statusOf(String core) {
        CoreAdminRequest request = new CoreAdminRequest();
        request.setCoreName(core);
        request.setAction(org.apache.solr.common.params.CoreAdminParams.CoreAdminAction.STATUS);
        return request;
    }

    /** The shipped configset as a zip, its schema's vector field of {@code dimension}. */
    static byte[] configset(int dimension) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            for (String name : CONFIG_FILES) {
                zip.putNextEntry(new ZipEntry(name));
                zip.write(configFile(name).replace("@DIMENSION@", Integer.toString(dimension)).getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    static String configFile(String name) {
        try (InputStream in = SolrCollection.class.getResourceAsStream(CONFIGSET + name)) {
            if (in == null) {
                throw new IllegalStateException("the Solr configset file " + name + " is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The cluster did not answer, or answered that it will not serve us: said as the one or the other. */
    IndexUnreadableException unreachable(Exception e) {
        return failed(Problem.UNREACHABLE, "cannot reach the " + settings.where(), e);
    }

    /**
     * {@code doing} failed: said with the cluster's reason, unless the cluster refused our credentials,
     * which SolrJ reports as any failure (a secured cluster's 401 while listing its nodes reads as "no
     * node answered"), and which is said as what it is, with what to do.
     */
    private IndexUnreadableException failed(Problem problem, String doing, Exception e) {
        OptionalInt refused = refusal(e);
        if (refused.isEmpty()) {
            refused = askedWhy();
        }
        if (refused.isEmpty()) {
            return new IndexUnreadableException(folder, problem, doing + " (" + e.getMessage() + ")", e);
        }
        String why = refused.getAsInt() == 403
                ? "the user " + settings.user().orElse("(none)") + " may not use the " + settings.where() + ": the cluster's "
                        + "authorization refused it (403); give it a role with the collection's permissions"
                : settings.user().isPresent()
                ? "the " + settings.where() + " refused the user name or password of " + settings.user().get() + " (401)"
                : "the " + settings.where() + " needs a user name and password (401): give the store's user and password "
                        + "settings, or user and " + SolrSettings.PASSWORD_VARIABLE;
        // The cause goes: what SolrJ says of a refusal is only the refusal again, and it is not ours to show.
        return new IndexUnreadableException(folder, Problem.DENIED, why, null);
    }

    /**
     * Whether the first node refuses us, asked directly: SolrJ's cluster state drops the status of the
     * request it could not make, and says only that no node answered.
     */
    private OptionalInt askedWhy() {
        try {
            client.getHttpClient().requestWithBaseUrl(settings.urls().get(0), null,
                    new GenericSolrRequest(SolrRequest.METHOD.GET, "/admin/info/system"));
            return OptionalInt.empty();
        } catch (SolrServerException | IOException | RuntimeException e) {
            return refusal(e);
        }
    }

    /** The HTTP status of a refusal of our credentials (401, 403) somewhere in {@code e}'s causes. */
    static OptionalInt refusal(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof SolrException solr && (solr.code() == 401 || solr.code() == 403)) {
                return OptionalInt.of(solr.code());
            }
            String message = String.valueOf(cause.getMessage());
            for (int status : new int[]{401, 403}) {
                if (message.matches("(?s).*\\b" + status + "\\b.*") && message.matches("(?is).*(unauthori[sz]ed|forbidden|authenticat).*")) {
                    return OptionalInt.of(status);
                }
            }
        }
        return OptionalInt.empty();
    }

    @Override
    public void close() {
        try {
            client.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
