package dev.bearings.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * One example of the CommonMark spec (0.31.2, the {@code spec.txt} shipped in commonmark-java's
 * test utilities), read as data: its Markdown, its expected HTML, its number and section.
 */
public record SpecExample(int number, String section, String markdown, String html) {
    private static final String FENCE = "````````````````````````````````";

    public static List<SpecExample> all() {
        try (InputStream in = SpecExample.class.getResourceAsStream("/spec.txt")) {
            if (in == null) {
                throw new IllegalStateException("spec.txt not on the classpath: commonmark-test-util is missing");
            }
            return read(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<SpecExample> read(String spec) {
        List<SpecExample> examples = new ArrayList<>();
        String section = "";
        StringBuilder markdown = null;
        StringBuilder html = null;
        for (String line : spec.split("\n", -1)) {
            if (markdown == null) {
                if (line.startsWith(FENCE + " example")) {
                    markdown = new StringBuilder();
                } else if (line.startsWith("#")) {
                    section = line.replaceFirst("^#+\\s*", "");
                }
            } else if (html == null) {
                if (line.equals(".")) {
                    html = new StringBuilder();
                } else {
                    markdown.append(line.replace('\u2192', '\t')).append('\n');
                }
            } else if (line.equals(FENCE)) {
                examples.add(new SpecExample(examples.size() + 1, section, markdown.toString(),
                        html.toString().replace('\u2192', '\t')));
                markdown = null;
                html = null;
            } else {
                html.append(line).append('\n');
            }
        }
        return examples;
    }
}
