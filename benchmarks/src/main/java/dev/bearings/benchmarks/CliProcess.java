package dev.bearings.benchmarks;

import dev.bearings.testprocess.ChildProcess;
import dev.bearings.testprocess.ProjectData;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The real {@code bearings} command as the benchmarks run it: a child process of the shaded CLI jar
 * on this JVM's {@code java}, and what Linux says of its memory.
 */
final class CliProcess {
    static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private static final String COMPLETE = ".complete";

    private CliProcess() {
    }

    /** The CLI's jar: {@code -Dbearings.jar}, or the one the build leaves in {@code cli/target}. */
    static Path jar() {
        Path jar = Path.of(System.getProperty("bearings.jar", ProjectData.ROOT.resolve("cli/target/bearings.jar").toString()));
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: run ./mvnw -q package -DskipTests first");
        }
        return jar.toAbsolutePath();
    }

    /** {@code java JVM_OPTIONS -jar JAR ARGS}. */
    static List<String> command(Path jar, List<String> jvm, List<String> args) {
        List<String> command = new ArrayList<>(List.of(JAVA));
        command.addAll(jvm);
        command.addAll(List.of("-jar", jar.toString()));
        command.addAll(args);
        return command;
    }

    /** How long a server may take to say where it serves. */
    static final Duration SERVING_WITHIN = Duration.ofMinutes(2);

    /** Runs a command to its end within {@code limit}, failing on a non-zero exit with its stderr; gives its stdout. */
    static String run(List<String> command, Duration limit) throws Exception {
        return run(command, Map.of(), limit);
    }

    /** The same, with these environment variables set. */
    static String run(List<String> command, Map<String, String> environment, Duration limit) throws Exception {
        Path logs = Files.createTempDirectory("bearings-run");
        try (ChildProcess child = ChildProcess.run(command, logs, environment, limit)) {
            int exit = child.exitCode(limit);
            if (exit != 0) {
                throw new IllegalStateException("exit " + exit + ": " + command + "\n" + child.err());
            }
            return child.out();
        } finally {
            try (Stream<Path> files = Files.list(logs)) {
                for (Path file : files.toList()) {
                    Files.delete(file);
                }
            }
            Files.delete(logs);
        }
    }

    /** Writes a folder's files. */
    @FunctionalInterface
    interface Contents {
        void writeInto(Path folder) throws IOException;
    }

    /** The folder {@code target/bench-notes/NAME}, written once: later runs find it marked complete. */
    static Path notesOnce(String name, Contents contents) throws IOException {
        Path folder = Path.of("target", "bench-notes", name).toAbsolutePath();
        if (!Files.exists(folder.resolve(COMPLETE))) {
            Files.createDirectories(folder);
            contents.writeInto(folder);
            Files.writeString(folder.resolve(COMPLETE), "ok");
        }
        return folder;
    }

    /** The index {@code target/bench-indexes/NAME} of {@code notes}, built once by the jar with these flags. */
    static Path indexOnce(Path jar, Path notes, String name, List<String> flags) throws Exception {
        Path index = Path.of("target", "bench-indexes", name).toAbsolutePath();
        if (!Files.exists(index.resolve(COMPLETE))) {
            List<String> args = new ArrayList<>(List.of("index", "--folder", notes.toString(), "--index", index.toString()));
            args.addAll(flags);
            String out = run(command(jar, List.of(), args), Duration.ofHours(2));
            System.out.println("# indexed " + name + ": " + out.strip().replace('\n', ' '));
            Files.writeString(index.resolve(COMPLETE), "ok");
        }
        return index;
    }

    /** Resident memory now ({@code VmRSS}) in MB, from {@code /proc}; 0 when it cannot be read (not Linux, or ended). */
    static double residentMb(long pid) {
        return procStatusKb(pid, "VmRSS:") / 1024.0;
    }

    /**
     * Of the resident memory, what maps files ({@code RssFile}: the jar, native libraries, memory-mapped
     * index files), in MB: pages the system can drop and read again, unlike the heap's.
     */
    static double residentFilesMb(long pid) {
        return procStatusKb(pid, "RssFile:") / 1024.0;
    }

    /** Peak resident memory so far ({@code VmHWM}) in kB; 0 when it cannot be read. */
    static long peakKb(long pid) {
        return procStatusKb(pid, "VmHWM:");
    }

    private static long procStatusKb(long pid, String field) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith(field)) {
                    return Long.parseLong(line.replaceAll("\\D+", ""));
                }
            }
        } catch (IOException | RuntimeException ended) {
            return 0;
        }
        return 0;
    }
}
