package dev.bearings.benchmarks;

import dev.bearings.testkit.Prerequisite;
import dev.bearings.testprocess.ProjectData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The chunking sweep, two rules on a slice of SciFact, end to end: it must not rot between real runs. */
class ChunkingSweepSmokeTest {

    @Test
    void twoRulesGiveTheTableTheCsvAndTheChart(@TempDir Path out) throws Exception {
        Prerequisite.requireFile(ProjectData.SHARED.resolve("beir-scifact/queries.jsonl"));
        ChunkingSweep.main(new String[]{"--grid", "smoke", "--out", out.toString()});
        List<String> csv = Files.readAllLines(out.resolve("sweep.csv"));
        assertThat(csv.get(0)).startsWith("dataset,max_words,min_words,overlap_words,token_budget,prefix,mode");
        assertThat(csv).hasSize(1 + 2 * 2);
        assertThat(csv.subList(1, csv.size())).allSatisfy(row -> {
            String[] cells = row.split(",");
            assertThat(cells[0]).isEqualTo("beir-scifact");
            assertThat(Double.parseDouble(cells[9])).as("recall@10 of " + row).isBetween(0.0, 1.0);
            assertThat(Double.parseDouble(cells[10])).as("nDCG@10 of " + row).isBetween(0.0, 1.0);
            assertThat(Integer.parseInt(cells[12])).as("chunks").isPositive();
        });
        assertThat(csv).anyMatch(row -> row.startsWith("beir-scifact,300,30,40,"))
                .anyMatch(row -> row.startsWith("beir-scifact,150,30,20,"));
        assertThat(Files.readString(out.resolve("sweep.md"))).contains("| **300/30/40** (shipped) |").contains("| 150/30/20 |");
        byte[] png = Files.readAllBytes(out.resolve("sweep-beir-scifact.png"));
        assertThat(png).startsWith((byte) 0x89, (byte) 'P', (byte) 'N', (byte) 'G');

        // Run again, as after a kill: what the CSV holds is read back, not measured again.
        List<String> kept = csv.subList(0, 3);
        Files.write(out.resolve("sweep.csv"), kept);
        ChunkingSweep.main(new String[]{"--grid", "smoke", "--out", out.toString()});
        List<String> resumed = Files.readAllLines(out.resolve("sweep.csv"));
        assertThat(resumed).hasSize(1 + 2 * 2).startsWith(kept.toArray(String[]::new));
        assertThat(resumed.get(3)).as("the rule not measured before, measured now").startsWith("beir-scifact,150,30,20,");
    }

    @Test
    void rulesAreNamedInTheOrderToRunThem() {
        assertThat(ChunkingSweep.rules("300/60/40, 150/30/0/no-prefix")).containsExactly(
                new ChunkingSweep.Rules(300, 60, 40, true, true), new ChunkingSweep.Rules(150, 30, 0, true, false));
        assertThatThrownBy(() -> ChunkingSweep.rules("300/60")).hasMessageContaining("MAX/MIN/OVERLAP");
        assertThatThrownBy(() -> ChunkingSweep.rules("300/60/40/prefix")).hasMessageContaining("300/60/40/prefix");
    }
}
