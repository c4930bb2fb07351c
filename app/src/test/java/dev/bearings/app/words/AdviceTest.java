package dev.bearings.app.words;

import dev.bearings.core.index.ChunkIndexStore.IndexUnreadableException;
import dev.bearings.core.index.ChunkIndexStore.IndexUnreadableException.Problem;
import dev.bearings.core.index.IndexMismatchException;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Each failure says what to do in this command line's words, the suggested command carrying the failed one's flags. */
class AdviceTest {
    private static IndexUnreadableException unreadable(Problem problem) {
        return new IndexUnreadableException(Path.of("/idx"), problem, "why", null);
    }

    @Test
    void eachProblemOfAnIndexSaysItsFix() {
        assertThat(Advice.message(unreadable(Problem.ABSENT), " --index idx"))
                .isEqualTo("cannot open the index at /idx: why (run bearings index --index idx --folder DIR (or --bear) first)");
        assertThat(Advice.message(unreadable(Problem.DAMAGED), " --index idx"))
                .isEqualTo("cannot open the index at /idx: why; rebuild it from the notes with: bearings index --index idx --rebuild");
        assertThat(Advice.message(unreadable(Problem.BUSY))).isEqualTo("cannot open the index at /idx: why; try again when it is done");
        assertThat(Advice.message(unreadable(Problem.UNREACHABLE)))
                .isEqualTo("cannot open the index at /idx: why; check the address and that the server runs");
        assertThat(Advice.message(unreadable(Problem.UNWRITABLE))).isEqualTo("cannot open the index at /idx: why");
        assertThat(Advice.message(unreadable(Problem.DENIED))).isEqualTo("cannot open the index at /idx: why");
    }

    @Test
    void aMismatchSaysHowToRebuildAndOtherFailuresKeepTheirWords() {
        assertThat(Advice.message(new IndexMismatchException("the index was built with another model"), " --window 128"))
                .isEqualTo("the index was built with another model. Rebuild it with: bearings index --window 128 --rebuild "
                        + "(or choose another --index folder)");
        assertThat(Advice.message(new IllegalStateException("no sources"))).isEqualTo("no sources");
        assertThat(Advice.message(new IllegalStateException())).as("no message: the failure itself")
                .isEqualTo("java.lang.IllegalStateException");
        assertThat(Advice.addSource("")).isEqualTo("bearings index --folder DIR (or --bear)");
    }
}
