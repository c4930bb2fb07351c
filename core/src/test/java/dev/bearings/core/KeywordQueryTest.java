package dev.bearings.core;

import dev.bearings.core.search.KeywordQuery;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class KeywordQueryTest {

    /** Each clause as its spellings, space-separated words in a row, a prefix with its star, a required one quoted. */
    private static List<List<String>> clauses(String query) {
        return KeywordQuery.of(query).clauses().stream().map(clause -> clause.forms().stream()
                .map(form -> (clause.required() ? "\"" : "") + form.text() + (form.prefix() ? "*" : "") + (clause.required() ? "\"" : ""))
                .toList()).toList();
    }

    @Test
    void theWordsQuestionsAreMadeOfAreNotMatched() {
        assertThat(KeywordQuery.of("What should I get my father for his birthday?").words()).containsExactly("get", "father", "birthday");
        assertThat(KeywordQuery.of("How can I improve my concentration").words()).containsExactly("improve", "concentration");
        assertThat(KeywordQuery.of("Where would you keep the BR900G manual? Don’t know").words())
                .containsExactly("keep", "br900g", "manual", "know");
        assertThat(KeywordQuery.of("how did I set up the VPN").onlyFunctionWords()).isFalse();
    }

    @Test
    void aQueryOfNothingButFunctionWordsMatchesNothingAndSaysSo() {
        KeywordQuery how = KeywordQuery.of("how do I");
        assertThat(how.isEmpty()).isTrue();
        assertThat(how.onlyFunctionWords()).isTrue();
        assertThat(KeywordQuery.of("The Who").onlyFunctionWords()).isTrue();
        assertThat(clauses("\"The Who\"")).as("quoted, they are matched").containsExactly(List.of("\"the who\""));
        assertThat(KeywordQuery.of("\"The Who\"").onlyFunctionWords()).isFalse();
        assertThat(KeywordQuery.of("  ?! ").isEmpty()).isTrue();
        assertThat(KeywordQuery.of("  ?! ").onlyFunctionWords()).isFalse();
    }

    @Test
    void wordsAreLowerCaseEachOnceAndOtherScriptsAsTheirBigrams() {
        assertThat(KeywordQuery.of("VPN vpn Vpn router").words()).containsExactly("vpn", "router");
        assertThat(KeywordQuery.of("嵐山への行き方 in Kyoto").words()).containsExactly("嵐山", "山へ", "への", "の行", "行き", "き方", "kyoto");
        assertThat(KeywordQuery.isFunctionWord("Shouldn’t")).isTrue();
        assertThat(KeywordQuery.isFunctionWord("ma")).as("Ma's birthday").isFalse();
        assertThat(KeywordQuery.isFunctionWord("vpn")).isFalse();
    }

    @Test
    void aWordAlsoMatchesItsOtherSpellings() {
        assertThat(clauses("wifi")).as("its halves apart, halves that are function words left out")
                .containsExactly(List.of("wifi", "w ifi", "wi fi"));
        assertThat(clauses("Wi-Fi")).as("a hyphenated word: its parts, each also written together with the other")
                .containsExactly(List.of("wi", "wifi"), List.of("fi", "wifi"));
        assertThat(clauses("wi fi")).as("two words side by side, the same").isEqualTo(clauses("Wi-Fi"));
        assertThat(clauses("WireGuard")).first().asList().first().isEqualTo("wireguard");
        assertThat(clauses("wifi the cabin").get(0)).as("not written together across a function word").doesNotContain("wificabin");
        assertThat(clauses("wifi, cabin").get(0)).as("nor across punctuation").doesNotContain("wificabin");
        assertThat(clauses("T-cells up-regulation")).as("a hyphenated word's parts are never function words")
                .extracting(forms -> forms.get(0)).containsExactly("t", "cells", "up", "regulation");
        assertThat(clauses("T-cells").get(0)).contains("tcells");
        assertThat(KeywordQuery.of("Biscuit's vet").words()).as("a possessive's s is left out").containsExactly("biscuit", "vet");
    }

    @Test
    void phrasesPrefixesAndExclusionsAreReadOnceForEveryStore() {
        KeywordQuery query = KeywordQuery.of("\"wifi password\" cabin* -router -“spare key”");
        assertThat(clauses("\"wifi password\" cabin* -router -“spare key”"))
                .containsExactly(List.of("\"wifi password\""), List.of("cabin*"));
        assertThat(query.clauses().get(0).required()).isTrue();
        assertThat(query.excluded()).extracting(clause -> clause.typed().text()).containsExactly("router", "spare key");
        assertThat(query.meaning()).as("the vector part reads the question without the operators")
                .isEqualTo("wifi password cabin");
        String plain = "What is the VPN's port, and how-to \"set\" it?";
        assertThat(KeywordQuery.of("how did I set up the VPN").meaning()).isEqualTo("how did I set up the VPN");
        assertThat(KeywordQuery.of(plain).meaning()).isEqualTo("What is the VPN's port, and how-to set it?");
    }

    @Test
    void strayOperatorsArePlainText() {
        assertThat(clauses("port* \"51820\" OR ( -")).containsExactly(List.of("port*"), List.of("\"51820\""));
        assertThat(clauses("\"unclosed quote").get(0)).first().isEqualTo("unclosed");
        assertThat(clauses("E2f-1, -2, -3 cells")).as("a dash before a number keeps nothing out").hasSize(5);
        assertThat(KeywordQuery.of("E2f-1, -2, -3 cells").excluded()).isEmpty();
        assertThat(clauses("**Governance** a* x*")).as("Markdown's stars and one-letter prefixes are not prefixes")
                .containsExactly(List.of("governance", "g overnance", "go vernance", "gov ernance", "gove rnance",
                        "gover nance", "govern ance", "governa nce", "governan ce", "governanc e"), List.of("x"));
        String pasted = "a passage of many words " + "and more words ".repeat(15) + "\"quoted\" -excluded star*";
        KeywordQuery passage = KeywordQuery.of(pasted);
        assertThat(passage.excluded()).as("a pasted passage of more than %d words has no syntax", KeywordQuery.MAX_SYNTAX_WORDS)
                .isEmpty();
        assertThat(passage.clauses()).allMatch(clause -> !clause.required() && !clause.typed().prefix() && clause.forms().size() == 1);
        assertThat(passage.meaning()).isEqualTo(pasted);
    }
}
