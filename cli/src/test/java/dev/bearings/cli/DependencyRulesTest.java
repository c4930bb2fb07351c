package dev.bearings.cli;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The hexagon, enforced: core knows the JDK alone, adapters do not know each other, the application
 * layer (app) and the MCP server (mcp) know no driver above them and no adapter, and only the command
 * line (cli) knows picocli and names no adapter (a port family's support library is not one); the
 * command line's packages are layers by use.
 */
class DependencyRulesTest {
    private static final Pattern ADAPTER = Pattern.compile("dev\\.bearings\\.(parser|embedding|store|source)\\.[a-z0-9]+");
    private static JavaClasses classes;
    private static Set<String> adapters;

    @BeforeAll
    static void importProduction() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.bearings");
        adapters = new TreeSet<>();
        classes.forEach(c -> {
            Matcher m = ADAPTER.matcher(c.getPackageName());
            // A port family's "support" package is a shared library of its adapters, not an adapter.
            if (m.lookingAt() && !m.group().endsWith(".support")) {
                adapters.add(m.group());
            }
        });
    }

    @Test
    void theRulesSeeTheWholeProduct() {
        assertThat(adapters).contains("dev.bearings.parser.commonmark", "dev.bearings.parser.flexmark",
                "dev.bearings.embedding.onnx", "dev.bearings.store.sqlite", "dev.bearings.store.solr",
                "dev.bearings.store.lucene", "dev.bearings.source.files", "dev.bearings.source.bear");
        assertThat(classes.containPackage("dev.bearings.core.chunk")).isTrue();
    }

    @Test
    void coreDependsOnTheJdkAlone() {
        classes().that().resideInAPackage("dev.bearings.core..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("dev.bearings.core..", "java..")
                .check(classes);
    }

    @Test
    void noAdapterDependsOnAnotherAdapter() {
        for (String adapter : adapters) {
            String[] others = adapters.stream().filter(a -> !a.equals(adapter)).map(a -> a + "..").toArray(String[]::new);
            if (others.length > 0) {
                noClasses().that().resideInAPackage(adapter + "..")
                        .should().dependOnClassesThat().resideInAnyPackage(others)
                        .check(classes);
            }
        }
    }

    @Test
    void onlyTheCommandLineKnowsPicocli() {
        noClasses().that().resideOutsideOfPackage("dev.bearings.cli..")
                .should().dependOnClassesThat().resideInAnyPackage("picocli..")
                .check(classes);
    }

    /** The application layer serves every driver: it knows no command line, wiring, MCP, servlet or adapter. */
    @Test
    void theApplicationKnowsNoDriverAndNoAdapter() {
        assertThat(classes.containPackage("dev.bearings.app")).isTrue();
        noClasses().that().resideInAPackage("dev.bearings.app..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.bearings.cli..", "dev.bearings.mcp..", "picocli..",
                        "io.modelcontextprotocol..", "jakarta.servlet..", "org.apache.catalina..",
                        "org.apache.tomcat..")
                .check(classes);
        noClasses().that().resideInAPackage("dev.bearings.app..")
                .should().dependOnClassesThat().resideInAnyPackage(adapters.stream().map(a -> a + "..").toArray(String[]::new))
                .check(classes);
    }

    /** core's packages (notes, chunking, the index and search ports, the use cases) use each other one way only. */
    @Test
    void coresPackagesAreFreeOfCycles() {
        slices().matching("dev.bearings.core.(*)..").should().beFreeOfCycles().check(classes);
    }

    /** The application layer's packages (folders, the live index, sources, JSON, words, plugins) use each other one way only. */
    @Test
    void theApplicationsPackagesAreFreeOfCycles() {
        assertThat(classes.containPackage("dev.bearings.app.index")).isTrue();
        slices().matching("dev.bearings.app.(*)..").should().beFreeOfCycles().check(classes);
    }

    /** The MCP server is built on the application layer, never on the command line or an adapter. */
    @Test
    void theMcpServerKnowsNoCommandLineAndNoAdapter() {
        assertThat(classes.containPackage("dev.bearings.mcp.http")).isTrue();
        noClasses().that().resideInAPackage("dev.bearings.mcp..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.bearings.cli..", "picocli..")
                .check(classes);
        noClasses().that().resideInAPackage("dev.bearings.mcp..")
                .should().dependOnClassesThat().resideInAnyPackage(adapters.stream().map(a -> a + "..").toArray(String[]::new))
                .check(classes);
    }

    /** The command line names no adapter: every command takes them by name from the registries, which find them on the class path. */
    @Test
    void theCommandLineKnowsNoAdapter() {
        noClasses().that().resideInAPackage("dev.bearings.cli..")
                .should().dependOnClassesThat().resideInAnyPackage(adapters.stream().map(a -> a + "..").toArray(String[]::new))
                .check(classes);
    }

    /**
     * The command line's packages by use, each above the ones it uses and never the other way: the
     * {@code bearings} command at the top, then the wiring that makes the commands, the commands, and
     * their options and output below.
     */
    @Test
    void theCommandLinesPackagesAreLayersByUse() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("bearings").definedBy("dev.bearings.cli")
                .layer("wiring").definedBy("dev.bearings.cli.wiring..")
                .layer("commands").definedBy("dev.bearings.cli.command..")
                .layer("options").definedBy("dev.bearings.cli.option..")
                .layer("output").definedBy("dev.bearings.cli.output..")
                .whereLayer("bearings").mayNotBeAccessedByAnyLayer()
                .whereLayer("wiring").mayOnlyBeAccessedByLayers("bearings")
                .whereLayer("commands").mayOnlyBeAccessedByLayers("bearings", "wiring")
                .whereLayer("options").mayOnlyBeAccessedByLayers("commands")
                .whereLayer("output").mayOnlyBeAccessedByLayers("commands")
                .check(classes);
        slices().matching("dev.bearings.cli.(**)").should().beFreeOfCycles().check(classes);
    }

    @Test
    void theEvaluationKnowsNoAdapterAndNoCommandLine() {
        assertThat(classes.containPackage("dev.bearings.eval")).isTrue();
        noClasses().that().resideInAPackage("dev.bearings.eval..")
                .should().dependOnClassesThat().resideInAnyPackage(adapters.stream().map(a -> a + "..").toArray(String[]::new))
                .check(classes);
        noClasses().that().resideInAPackage("dev.bearings.eval..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.bearings.cli..", "picocli..")
                .check(classes);
    }
}
