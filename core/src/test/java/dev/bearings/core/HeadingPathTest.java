package dev.bearings.core;

import dev.bearings.core.chunk.Heading;
import dev.bearings.core.chunk.HeadingPath;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class HeadingPathTest {

    @Test
    void aPathIsReadBackFromWhatItWrites() {
        for (HeadingPath path : List.of(HeadingPath.ROOT, new HeadingPath(List.of(new Heading(1, "VPN"))),
                new HeadingPath(List.of(new Heading(1, "C#"), new Heading(3, ""), new Heading(4, "Keys ## and # more"))))) {
            assertThat(HeadingPath.parse(path.toString())).contains(path);
        }
        assertThat(HeadingPath.parse("# A > B")).as("a heading whose text holds the separator cannot be read back").isEmpty();
        HeadingPath sharp = new HeadingPath(List.of(new Heading(1, "C#"), new Heading(2, "Tips")));
        assertThat(HeadingPath.parse("# C# > ## Tips")).contains(sharp);
        assertThat(HeadingPath.parse("# A > ## B > ### C").orElseThrow().headings()).hasSize(3);
    }

    @Test
    void whatNoPathWritesIsNotAPath() {
        assertThat(HeadingPath.parse("## B > # A")).as("levels go down").isEmpty();
        assertThat(HeadingPath.parse("plain")).isEmpty();
        assertThat(HeadingPath.parse("#NoSpace")).isEmpty();
        assertThat(HeadingPath.parse("####### Seven")).isEqualTo(Optional.empty());
    }
}
