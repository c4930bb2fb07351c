package dev.bearings.cli;

import dev.bearings.testprocess.ChildProcess;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A program that is not a Bearings server on a port a server's entry names, as after the server died
 * and something else took its port: {@code foreign-listener/Listener.java}, run with the JDK alone as a
 * process of its own (as another user, when {@code asUser} says how), keeping every byte it is sent.
 */
final class ForeignListener implements AutoCloseable {
    private final ChildProcess process;
    private final Path heard;
    private final int port;

    private ForeignListener(ChildProcess process, Path heard, int port) {
        this.process = process;
        this.heard = heard;
        this.port = port;
    }

    /**
     * @param work   a folder of its own, opened to everyone so that another user can run and write there
     * @param asUser the command that runs the listener as another user ({@code setpriv ...}), or none
     */
    static ForeignListener start(Path work, List<String> asUser) throws Exception {
        Path shared = Files.createDirectories(work.resolve("listener"));
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path source = shared.resolve("Listener.java");
        try (InputStream listener = ForeignListener.class.getResourceAsStream("/foreign-listener/Listener.java")) {
            Files.copy(listener, source);
        }
        Path portFile = shared.resolve("port");
        Path heard = shared.resolve("heard");
        List<String> command = new ArrayList<>(asUser);
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), source.toString(),
                portFile.toString(), heard.toString(), "0"));
        ChildProcess process = ChildProcess.start(command, work.resolve("logs"));
        long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        while (!Files.exists(portFile) && process.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        if (!Files.exists(portFile)) {
            String err = process.err();
            process.close();
            assertThat(portFile).as("the listener listens: " + err).exists();
        }
        return new ForeignListener(process, heard, Integer.parseInt(Files.readString(portFile).strip()));
    }

    int port() {
        return port;
    }

    long pid() {
        return process.pid();
    }

    /** Everything it was sent so far. */
    String heard() throws Exception {
        return Files.exists(heard) ? Files.readString(heard) : "";
    }

    @Override
    public void close() throws Exception {
        process.close();
    }
}
