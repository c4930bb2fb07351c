package dev.bearings.benchmarks;

/** The {@code --name value} options of the benchmark mains that take a few. */
final class MainArgs {
    private MainArgs() {
    }

    /** The value after {@code name} in {@code args}, or {@code fallback} when it is not there. */
    static String option(String[] args, String name, String fallback) {
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals(name)) {
                return args[i + 1];
            }
        }
        return fallback;
    }
}
