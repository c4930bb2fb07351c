package dev.bearings.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** One run of the real command line, in process, with what it printed. */
record CliRun(int exitCode, String out, String err) {
    /**
     * A child lives a second or two, most of it starting: with the JIT's first tier alone and the serial collector it
     * spends about a third less CPU on that than with the defaults (1.7 s of CPU, not 2.4, for a search of the
     * examples), and the process tests are what make this suite CPU-bound. The same as the test JVM's own (the parent
     * pom's {@code test.jvm.options}).
     */
    private static final List<String> SHORT_LIVED = List.of(System.getProperty("bearings.test.jvm.options", "").strip().split("\\s+"))
            .stream().filter(option -> !option.isEmpty()).toList();

    static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Bearings.run(new PrintWriter(out), new PrintWriter(err), args);
        return new CliRun(code, out.toString(), err.toString());
    }

    /** The command that runs the same command line in a process of its own, from the test class path. */
    static List<String> command(String... args) {
        return command(List.of(), args);
    }

    /** The same, with options for the child's JVM ({@code -Duser.home=...}). */
    static List<String> command(List<String> jvmOptions, String... args) {
        List<String> command = java();
        command.addAll(jvmOptions);
        command.addAll(ChildJvm.options());
        command.add(Bearings.class.getName());
        command.addAll(List.of(args));
        return command;
    }

    /** The JVM a child runs in, with the options of this one; its class path and main class still to add. */
    static List<String> java() {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(SHORT_LIVED);
        return command;
    }
}
