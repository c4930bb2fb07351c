package dev.bearings.cli.command;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A served search prints for the client's terminal: auto, given or not, is answered by the client, here piped. */
class ServedSearchArgsTest {

    @Test
    void autoIsAnsweredHereAndWhatTheUserChoseIsKept() {
        assertThat(ServedSearch.forTheServer(List.of("vpn"))).containsExactly("vpn", "--color=never", "--width=0");
        assertThat(ServedSearch.forTheServer(List.of("--color", "auto", "--width=auto", "vpn")))
                .containsExactly("vpn", "--color=never", "--width=0");
        assertThat(ServedSearch.forTheServer(List.of("--color=always", "--width", "72", "--limit", "3", "vpn")))
                .containsExactly("--limit", "3", "vpn", "--color=always", "--width=72");
    }
}
