package dev.bearings.store.sqlite;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class KeywordTermsTest {

    @Test
    void functionWordsAndRepeatsLeaveTheQuery() {
        assertThat(SqliteSearch.terms("What is the VPN port of the VPN?"))
                .containsExactly("\"vpn\"", "\"port\"");
    }

    @Test
    void aQueryOfOnlyStopWordsKeepsThem() {
        assertThat(SqliteSearch.terms("To be or not to be")).containsExactly("\"to\"", "\"be\"", "\"or\"", "\"not\"");
    }

    @Test
    void punctuationCannotReachTheFts5Syntax() {
        assertThat(SqliteSearch.terms("port:51820 \"NEAR\" (x) -z*")).containsExactly("\"port\"", "\"51820\"",
                "\"near\"", "\"x\"", "\"z\"");
        assertThat(SqliteSearch.terms("?!")).isEmpty();
    }
}
