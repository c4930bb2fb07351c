package dev.bearings.app.words;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Dates as people give them to a search or a listing, one grammar on the command line, to the MCP tools and
 * on the page: a day ({@code 2026-03-01}, from local midnight), a time ({@code 2026-03-01T08:00}, local, or
 * with its zone: {@code 2026-03-01T08:00:00Z}, {@code ...+02:00}), or a time ago ({@code 7d}, {@code 2w},
 * {@code 3m} for months, {@code 1y}, {@code today}, {@code yesterday}).
 */
public final class Dates {
    /** What every refusal shows as the forms taken. */
    public static final String FORMS = "a date like 2026-03-01, 2026-03-01T08:00 or 2026-03-01T08:00:00Z, or a time ago like 7d, "
            + "2w, 3m, 1y, today or yesterday";
    private static final Pattern AGO = Pattern.compile("(\\d+)\\s*([dwmy])");

    private Dates() {
    }

    /** {@link #instant(String, String, Clock)} on this machine's clock and zone. */
    public static Instant instant(String value, String what) {
        return instant(value, what, Clock.systemDefaultZone());
    }

    /**
     * The instant {@code value} names.
     *
     * @param what the option or argument it was given as, for the refusal ({@code --since})
     * @throws IllegalArgumentException naming {@code what}, the value and the forms taken
     */
    public static Instant instant(String value, String what, Clock clock) {
        String text = value.strip().toLowerCase(Locale.ROOT);
        ZoneId zone = clock.getZone();
        LocalDate today = LocalDate.now(clock);
        try {
            if (text.equals("today")) {
                return today.atStartOfDay(zone).toInstant();
            }
            if (text.equals("yesterday")) {
                return today.minusDays(1).atStartOfDay(zone).toInstant();
            }
            Matcher ago = AGO.matcher(text);
            if (ago.matches()) {
                int n = Integer.parseInt(ago.group(1));
                LocalDate day = switch (ago.group(2)) {
                    case "d" -> today.minusDays(n);
                    case "w" -> today.minusWeeks(n);
                    case "m" -> today.minusMonths(n);
                    default -> today.minusYears(n);
                };
                return day.atStartOfDay(zone).toInstant();
            }
            String upper = value.strip().toUpperCase(Locale.ROOT).replace(' ', 'T');
            if (upper.matches("\\d{4}-\\d{2}-\\d{2}")) {
                return LocalDate.parse(upper).atStartOfDay(zone).toInstant();
            }
            if (upper.matches(".*(Z|[+-]\\d{2}:?\\d{2})$")) {
                return OffsetDateTime.parse(upper.replaceAll("([+-]\\d{2})(\\d{2})$", "$1:$2")).toInstant();
            }
            return LocalDateTime.parse(upper).atZone(zone).toInstant();
        } catch (DateTimeParseException | NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException(what + " takes " + FORMS + ", not '" + clip(value) + "'");
        }
    }

    private static String clip(String text) {
        return text.length() <= 60 ? text : text.substring(0, 60) + "...";
    }
}
