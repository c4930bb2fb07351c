package dev.bearings.core.markdown;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Metadata at the very top of a note: YAML between {@code ---} and {@code ---} (or {@code ...}), or
 * TOML between {@code +++} lines. It is kept as metadata, never taken for a heading or a thematic
 * break. Only the simple shapes notes use are read into fields (scalars, inline lists, dash lists);
 * the raw text is always kept whole.
 */
public record FrontMatter(int endLine, String raw, Map<String, List<String>> fields) {

    public FrontMatter {
        fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    }

    public static Optional<FrontMatter> find(SourceText source) {
        if (source.lineCount() < 2) {
            return Optional.empty();
        }
        String open = source.line(1).stripTrailing();
        if (!open.equals("---") && !open.equals("+++")) {
            return Optional.empty();
        }
        for (int line = 2; line <= source.lineCount(); line++) {
            String text = source.line(line).stripTrailing();
            if (text.equals(open) || (open.equals("---") && text.equals("..."))) {
                String raw = line == 2 ? "" : source.text().substring(source.lineStart(2), source.lineEnd(line - 1));
                return Optional.of(new FrontMatter(line, raw, readFields(raw, open.equals("+++") ? '=' : ':')));
            }
        }
        return Optional.empty();
    }

    public Optional<String> first(String key) {
        List<String> values = fields.get(key);
        return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
    }

    public List<String> all(String key) {
        return fields.getOrDefault(key, List.of());
    }

    /**
     * A front matter date as notes write it: {@code 2026-03-01} (the start of that day, UTC: the day is what the
     * note says, whatever zone it is read in), {@code 2026-03-01 08:00} or {@code 2026-03-01T08:00:00} (UTC), or
     * with its zone ({@code 2026-03-01T08:00:00+02:00}, {@code ...Z}); anything else is no date.
     */
    public static java.util.Optional<java.time.Instant> date(String value) {
        String text = value.strip().replace(' ', 'T');
        try {
            if (text.matches("\\d{4}-\\d{2}-\\d{2}")) {
                return java.util.Optional.of(java.time.LocalDate.parse(text).atStartOfDay(java.time.ZoneOffset.UTC).toInstant());
            }
            if (text.matches(".*(Z|[+-]\\d{2}:\\d{2})$")) {
                return java.util.Optional.of(java.time.OffsetDateTime.parse(text).toInstant());
            }
            return java.util.Optional.of(java.time.LocalDateTime.parse(text).toInstant(java.time.ZoneOffset.UTC));
        } catch (java.time.format.DateTimeParseException notADate) {
            return java.util.Optional.empty();
        }
    }

    private static Map<String, List<String>> readFields(String raw, char separator) {
        Map<String, List<String>> fields = new LinkedHashMap<>();
        String listKey = null;
        for (String line : raw.split("\n", -1)) {
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            if (listKey != null && trimmed.startsWith("- ")) {
                fields.get(listKey).add(unquote(trimmed.substring(2)));
                continue;
            }
            listKey = null;
            int colon = line.indexOf(separator);
            if (colon <= 0 || Character.isWhitespace(line.charAt(0))) {
                continue;
            }
            String key = line.substring(0, colon).strip();
            String value = line.substring(colon + 1).strip();
            List<String> values = new ArrayList<>();
            if (value.startsWith("[") && value.endsWith("]")) {
                for (String item : value.substring(1, value.length() - 1).split(",")) {
                    if (!item.isBlank()) {
                        values.add(unquote(item.strip()));
                    }
                }
            } else if (value.isEmpty()) {
                listKey = key;
            } else {
                values.add(unquote(value));
            }
            fields.put(key, values);
        }
        return fields;
    }

    private static String unquote(String value) {
        if (value.length() >= 2 && (value.startsWith("\"") && value.endsWith("\"")
                || value.startsWith("'") && value.endsWith("'"))) {
            return value.substring(1, value.length() - 1);
        }
        return value;
    }
}
