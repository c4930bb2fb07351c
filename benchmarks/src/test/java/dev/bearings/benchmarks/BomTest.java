package dev.bearings.benchmarks;

import dev.bearings.testprocess.ProjectData;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** The BOM, which a plugin's build imports, names every artifact Bearings publishes for others to use. */
class BomTest {
    private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");
    private static final Pattern OWN_ARTIFACT = Pattern.compile("</parent>\\s*<artifactId>([^<]+)</artifactId>");
    /** Built here, used by no plugin: the per-platform jars, the benchmarks, the examples, the BOM itself, the tests' launchers. */
    private static final Set<String> NOT_FOR_PLUGINS = Set.of("bearings-dist", "bearings-benchmarks", "bearings-examples",
            "bearings-bom", "bearings-mutation", "bearings-test-processes");

    @Test
    void everyLibraryModuleIsInTheBom() throws IOException {
        String bom = Files.readString(ProjectData.ROOT.resolve("bom/pom.xml"));
        List<String> artifacts = new ArrayList<>();
        Matcher modules = MODULE.matcher(Files.readString(ProjectData.ROOT.resolve("pom.xml")));
        while (modules.find()) {
            Path pom = ProjectData.ROOT.resolve(modules.group(1)).resolve("pom.xml");
            Matcher own = OWN_ARTIFACT.matcher(Files.readString(pom));
            if (own.find() && !NOT_FOR_PLUGINS.contains(own.group(1))) {
                artifacts.add(own.group(1));
            }
        }
        assertThat(artifacts).contains("bearings-core", "bearings-cli", "bearings-store-solr").hasSizeGreaterThan(10);
        assertThat(artifacts).allSatisfy(artifact -> assertThat(bom).as("the BOM").contains("<artifactId>" + artifact + "</artifactId>"));
    }
}
