package dev.bearings.core;

import dev.bearings.core.search.SearchFilter;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class SearchFilterTest {
    private static final Instant MARCH = Instant.parse("2026-03-01T00:00:00Z");

    private static SearchFilter filter(Set<String> tags, Instant since, Instant before, String source) {
        return new SearchFilter(tags, Optional.ofNullable(since), Optional.ofNullable(before), Optional.ofNullable(source));
    }

    @Test
    void anyConditionMakesAFilterNonEmpty() {
        assertThat(SearchFilter.NONE.isEmpty()).isTrue();
        assertThat(filter(Set.of("a"), null, null, null).isEmpty()).isFalse();
        assertThat(filter(Set.of(), MARCH, null, null).isEmpty()).isFalse();
        assertThat(filter(Set.of(), null, MARCH, null).isEmpty()).isFalse();
        assertThat(filter(Set.of(), null, null, "bear").isEmpty()).isFalse();
        assertThat(filter(Set.of(" # ", "/"), null, null, null).isEmpty()).as("blank tags are dropped").isTrue();
    }

    @Test
    void tagsMatchThemselvesAndTheirChildrenInAnyCase() {
        SearchFilter work = filter(Set.of("#Work/"), null, null, null);
        assertThat(work.tags()).containsExactly("Work");
        assertThat(work.matches("s", Set.of("work"), MARCH)).isTrue();
        assertThat(work.matches("s", Set.of("WORK/projects/x"), MARCH)).isTrue();
        assertThat(work.matches("s", Set.of("workshop"), MARCH)).isFalse();
        assertThat(work.matches("s", Set.of(), MARCH)).isFalse();
        assertThat(filter(Set.of("a", "b"), null, null, null).matches("s", Set.of("b"), MARCH)).as("any of them").isTrue();
    }

    @Test
    void datesAreSinceInclusiveAndBeforeExclusive() {
        assertThat(filter(Set.of(), MARCH, null, null).matches("s", Set.of(), MARCH)).isTrue();
        assertThat(filter(Set.of(), MARCH, null, null).matches("s", Set.of(), MARCH.minusMillis(1))).isFalse();
        assertThat(filter(Set.of(), null, MARCH, null).matches("s", Set.of(), MARCH)).isFalse();
        assertThat(filter(Set.of(), null, MARCH, null).matches("s", Set.of(), MARCH.minusMillis(1))).isTrue();
        assertThat(filter(Set.of(), null, null, "bear").matches("folder:/x", Set.of(), MARCH)).isFalse();
        assertThat(filter(Set.of(), null, null, "bear").matches("bear", Set.of(), MARCH)).isTrue();
    }

    @Test
    void aTagWithItsParentsForStoresThatIndexThem() {
        assertThat(SearchFilter.withParents("Work/Projects/X")).containsExactly("work", "work/projects", "work/projects/x");
        assertThat(SearchFilter.withParents("solo")).containsExactly("solo");
    }
}
