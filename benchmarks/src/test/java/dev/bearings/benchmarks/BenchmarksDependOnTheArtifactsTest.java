package dev.bearings.benchmarks;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The benchmarks measure the library modules, as a third party would use them, not the command line:
 * they run the CLI only as its built jar in a child process (IndexThroughput).
 */
class BenchmarksDependOnTheArtifactsTest {

    @Test
    void noBenchmarkDependsOnTheCommandLineModule() {
        JavaClasses benchmarks = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.bearings.benchmarks");
        assertThat(benchmarks.containPackage("dev.bearings.benchmarks")).isTrue();
        noClasses().that().resideInAPackage("dev.bearings.benchmarks..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.bearings.cli..", "picocli..", "dagger..")
                .check(benchmarks);
    }
}
