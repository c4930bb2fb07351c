package dev.bearings.testprocess;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A process a test or a benchmark starts: its stdout and stderr go to files (so a full pipe can never
 * block it), every wait on it is bounded, and closing it kills it if it is still running, so a failing
 * run leaves nothing behind.
 */
public final class ChildProcess implements AutoCloseable {
    private final Process process;
    private final Path out;
    private final Path err;

    private ChildProcess(Process process, Path out, Path err) {
        this.process = process;
        this.out = out;
        this.err = err;
    }

    /** Starts {@code command} in this folder, its output in files under {@code logs}. */
    public static ChildProcess start(List<String> command, Path logs) throws IOException {
        return start(command, logs, Map.of());
    }

    /** @param environment variables to set; a null value removes the variable */
    public static ChildProcess start(List<String> command, Path logs, Map<String, String> environment) throws IOException {
        return start(command, logs, environment, Path.of(""));
    }

    /** @param directory the working folder it runs in */
    public static ChildProcess start(List<String> command, Path logs, Map<String, String> environment, Path directory)
            throws IOException {
        Files.createDirectories(logs);
        Path out = Files.createTempFile(logs, "child", ".out");
        Path err = Files.createTempFile(logs, "child", ".err");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile())
                .directory(directory.toAbsolutePath().toFile());
        environment.forEach((name, value) -> {
            if (value == null) {
                builder.environment().remove(name);
            } else {
                builder.environment().put(name, value);
            }
        });
        Process process = builder.start();
        process.getOutputStream().close();
        return new ChildProcess(process, out, err);
    }

    /** Runs a command to its end, within {@code most}. */
    public static ChildProcess run(List<String> command, Path logs, Duration most) throws Exception {
        return run(command, logs, Map.of(), most);
    }

    /** The same, with these environment variables set. */
    public static ChildProcess run(List<String> command, Path logs, Map<String, String> environment, Duration most)
            throws Exception {
        ChildProcess child = start(command, logs, environment);
        child.exitCode(most);
        return child;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public Process process() {
        return process;
    }

    public long pid() {
        return process.pid();
    }

    /** Waits for the exit, at most {@code most}; a child still running then is killed, and this fails naming it. */
    public int exitCode(Duration most) throws Exception {
        if (!process.waitFor(most.toMillis(), TimeUnit.MILLISECONDS)) {
            close();
            throw new AssertionError("the child did not finish within " + most + ": " + process.info().commandLine()
                    .orElse("?") + "\nstderr:\n" + err());
        }
        return process.exitValue();
    }

    /** Stops it as a service manager would (SIGTERM), and gives its exit code, within {@code most}. */
    public int stop(Duration most) throws Exception {
        process.destroy();
        return exitCode(most);
    }

    public String out() throws IOException {
        return Files.readString(out, StandardCharsets.UTF_8);
    }

    public String err() throws IOException {
        return Files.readString(err, StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws Exception {
        if (process.isAlive()) {
            process.destroyForcibly();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                throw new AssertionError("a killed child did not end within 30 s");
            }
        }
    }
}
