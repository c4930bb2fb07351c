package dev.bearings.app.words;

import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** One grammar of dates for every driver: days, times with or without their zone, and times ago. */
class DatesTest {
    /** 2026-12-04 10:30 in Berlin. */
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-04T09:30:00Z"), ZoneId.of("Europe/Berlin"));

    private static Instant at(String value) {
        return Dates.instant(value, "--since", CLOCK);
    }

    @Test
    void daysTimesAndTimesAgo() {
        assertThat(at("2026-03-01")).as("local midnight").isEqualTo(Instant.parse("2026-02-28T23:00:00Z"));
        assertThat(at("2026-12-04T10:00")).as("local time").isEqualTo(Instant.parse("2026-12-04T09:00:00Z"));
        assertThat(at("2026-12-04 10:00")).isEqualTo(Instant.parse("2026-12-04T09:00:00Z"));
        assertThat(at("2026-12-04T10:00:00Z")).isEqualTo(Instant.parse("2026-12-04T10:00:00Z"));
        assertThat(at("2026-12-04T10:00:00+02:00")).isEqualTo(Instant.parse("2026-12-04T08:00:00Z"));
        assertThat(at("today")).isEqualTo(Instant.parse("2026-12-03T23:00:00Z"));
        assertThat(at("Yesterday")).isEqualTo(Instant.parse("2026-12-02T23:00:00Z"));
        assertThat(at("7d")).isEqualTo(Instant.parse("2026-11-26T23:00:00Z"));
        assertThat(at("2w")).isEqualTo(Instant.parse("2026-11-19T23:00:00Z"));
        assertThat(at("3m")).as("months").isEqualTo(Instant.parse("2026-09-03T22:00:00Z"));
        assertThat(at("1y")).isEqualTo(Instant.parse("2025-12-03T23:00:00Z"));
    }

    @Test
    void anythingElseIsRefusedNamingTheFlagAndTheForms() {
        for (String wrong : new String[]{"last tuesday", "2026-13-01", "7x", "", "2026-12-04T25:00"}) {
            assertThatThrownBy(() -> at(wrong)).as(wrong).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("--since takes a date like 2026-03-01, 2026-03-01T08:00 or 2026-03-01T08:00:00Z, or a time ago "
                            + "like 7d, 2w, 3m, 1y, today or yesterday, not '" + wrong + "'");
        }
        String sixty = "x".repeat(60);
        assertThatThrownBy(() -> at(sixty)).as("a value of 60 characters is shown whole").hasMessageEndingWith("not '" + sixty + "'");
        assertThatThrownBy(() -> at(sixty + "y")).as("a longer one is cut").hasMessageEndingWith("not '" + sixty + "...'");
    }

    @Test
    void aDateWithItsZoneIsTheSameOnThisMachinesClock() {
        assertThat(Dates.instant("2026-12-04T10:00:00+02:00", "since")).isEqualTo(Instant.parse("2026-12-04T08:00:00Z"));
    }
}
