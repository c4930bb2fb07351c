package dev.bearings.benchmarks;

import dev.bearings.testkit.Prerequisite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Solr store as a user adds it, its plugin jar beside the CLI's jar: a Solr that refuses the connection is
 * said in Bearings' own sentence, without SolrJ's warnings and their stack traces before it.
 */
class SolrPluginIT {
    private static final Path JAR = Path.of("../cli/target/bearings.jar");
    private static final Path SOLR = Path.of("../adapters-store/solr/target");

    @Test
    void aSolrThatRefusesTheConnectionIsSaidInOneSentence(@TempDir Path work) throws Exception {
        Prerequisite.require(Files.isRegularFile(JAR), () -> JAR.toAbsolutePath().normalize() + " (the CLI's jar, built before this module)");
        Path plugin;
        try (Stream<Path> built = Files.list(SOLR)) {
            plugin = built.filter(file -> file.getFileName().toString().endsWith("-plugin.jar")).findFirst().orElse(null);
        }
        Prerequisite.require(plugin != null, () -> SOLR.toAbsolutePath().normalize() + "/bearings-store-solr-*-plugin.jar");
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        String url = "http://127.0.0.1:" + port + "/solr";
        Path err = work.resolve("err.txt");
        ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Duser.home=" + Files.createDirectories(work.resolve("home")), "-cp", JAR + File.pathSeparator + plugin,
                "dev.bearings.cli.Bearings", "index", "--folder", "../examples/notes", "--index", work.resolve("index").toString(),
                "--store", "solr:url=" + url).redirectOutput(work.resolve("out.txt").toFile()).redirectError(err.toFile());
        for (String variable : List.of("XDG_CACHE_HOME", "XDG_DATA_HOME", "BEARINGS_CLASSPATH")) {
            builder.environment().remove(variable);
        }
        Process process = builder.start();
        if (!process.waitFor(2, TimeUnit.MINUTES)) {
            process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            throw new AssertionError("bearings index against a closed port did not end in 2 minutes");
        }
        String said = Files.readString(err);
        assertThat(process.exitValue()).as(said).isEqualTo(2);
        assertThat(said).contains("cannot reach the Solr collection 'bearings' at " + url)
                .doesNotContain("WARN").doesNotContain("Exception").doesNotContain("\tat ");
    }
}
