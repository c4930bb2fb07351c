package dev.bearings.store.sqlite;

import dev.bearings.core.search.KeywordQuery;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class KeywordTermsTest {

    private static SqliteSearch.Expression expression(String query) {
        return SqliteSearch.expression(KeywordQuery.of(query));
    }

    @Test
    void functionWordsAndRepeatsLeaveTheQuery() {
        assertThat(expression("What is the VPN port of the VPN?").clauses()).containsExactly("(\"vpn\" OR \"vpnport\")",
                "(\"port\" OR \"vpnport\" OR \"p ort\" OR \"po rt\")");
    }

    @Test
    void aQueryOfOnlyFunctionWordsMatchesNothing() {
        assertThat(expression("To be or not to be").clauses()).isEmpty();
        assertThat(expression("\"To be or not to be\"").required()).containsExactly("\"to be or not to be\"");
    }

    @Test
    void theQuerysSyntaxIsFts5sOnlyAsBearingsReadsIt() {
        SqliteSearch.Expression read = expression("wire* \"port 51820\" -router");
        assertThat(read.clauses()).containsExactly("\"wire\" *", "\"port 51820\"");
        assertThat(read.required()).containsExactly("\"port 51820\"");
        assertThat(read.match()).startsWith("(\"wire\" * OR \"port 51820\") NOT (");
        assertThat(expression("port:51820 NEAR (x) z^").clauses()).contains("\"x\"", "\"z\"")
                .allMatch(clause -> clause.matches("\\(?\"[a-z0-9 ]+\"( OR \"[a-z0-9 ]+\")*\\)?"));
        assertThat(expression("?!").clauses()).isEmpty();
    }
}
