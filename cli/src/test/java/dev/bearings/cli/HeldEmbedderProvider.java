package dev.bearings.cli;

import dev.bearings.core.embed.Embedder;
import dev.bearings.core.embed.Embedding;
import dev.bearings.core.plugin.EmbedderProvider;
import dev.bearings.core.plugin.Settings;
import dev.bearings.embedding.onnx.OnnxEmbedderProvider;
import dev.bearings.testkit.ForwardingEmbedder;
import dev.bearings.testprocess.ChildProcess;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A test plugin, {@code held}: the default model, whose second embedding in a process waits while a
 * test holds the process there. A sync embeds a round of notes (16) and writes them before it embeds
 * the next, so a run of more notes is held with its first round written. A test names a gate folder
 * in the child's environment; the child says it is held by a file in it and goes on once the test
 * opens the gate (or after two minutes). So a child is caught in the middle of indexing however fast
 * the machine. Found through {@code META-INF/services} like any plugin; without a gate it is the
 * default model.
 */
public final class HeldEmbedderProvider implements EmbedderProvider {
    static final String NAME = "held";
    private static final String GATE = "BEARINGS_TEST_GATE";
    private static final String HELD = "held";
    private static final String OPEN = "open";
    private static final Duration MOST = Duration.ofMinutes(2);
    /** The notes a run has written when it is held. */
    static final int WRITTEN_WHEN_HELD = 16;
    /** Embeddings in this process so far: the second is held. */
    private static final AtomicInteger EMBEDDINGS = new AtomicInteger();

    private final OnnxEmbedderProvider onnx = new OnnxEmbedderProvider();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "the default model, held at its second embedding while a test says (tests only)";
    }

    @Override
    public Set<String> settingNames() {
        return onnx.settingNames();
    }

    @Override
    public Embedder create(Settings settings) {
        Embedder created = onnx.create(settings);
        String gate = System.getenv(GATE);
        return gate == null ? created : new Held(created, Path.of(gate));
    }

    /** A gate folder of a test's, and what a child needs to be held at it. */
    record Gate(Path folder) {
        static Gate in(Path folder) throws IOException {
            return new Gate(Files.createDirectories(folder));
        }

        /** The child's environment. */
        Map<String, String> environment() {
            return Map.of(GATE, folder.toString());
        }

        /** Waits, within two minutes, until {@code child} is held, its first round written; fails if it ended first. */
        void awaitHeld(ChildProcess child) throws IOException, InterruptedException {
            long deadline = System.nanoTime() + MOST.toNanos();
            while (!Files.exists(folder.resolve(HELD)) && child.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            if (!Files.exists(folder.resolve(HELD))) {
                throw new AssertionError("the child was not held at its second embedding within " + MOST + ": " + child.err());
            }
        }

        /** Lets the child go on. */
        void open() throws IOException {
            Files.createFile(folder.resolve(OPEN));
        }
    }

    private static final class Held extends ForwardingEmbedder {
        private final Path gate;

        Held(Embedder model, Path gate) {
            super(model);
            this.gate = gate;
        }

        @Override
        public List<Embedding> embed(List<String> texts) {
            if (EMBEDDINGS.incrementAndGet() == 2) {
                hold();
            }
            return super.embed(texts);
        }

        private void hold() {
            try {
                Files.createFile(gate.resolve(HELD));
                long deadline = System.nanoTime() + MOST.toNanos();
                while (!Files.exists(gate.resolve(OPEN)) && System.nanoTime() < deadline) {
                    Thread.sleep(10);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
