package dev.bearings.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** One run of the real command line, in process, with what it printed. */
record CliRun(int exitCode, String out, String err) {

    static CliRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Bearings.run(new PrintWriter(out), new PrintWriter(err), args);
        return new CliRun(code, out.toString(), err.toString());
    }
}
