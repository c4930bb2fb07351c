package dev.bearings.core;

import dev.bearings.core.search.KeywordQuery;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class KeywordQueryTest {

    @Test
    void theWordsQuestionsAreMadeOfAreNotMatched() {
        assertThat(KeywordQuery.of("What should I get my father for his birthday?").words()).containsExactly("get", "father", "birthday");
        assertThat(KeywordQuery.of("How can I improve my concentration").words()).containsExactly("improve", "concentration");
        assertThat(KeywordQuery.of("how").words()).containsExactly("how");
        assertThat(KeywordQuery.of("Where would you keep the BR900G manual? Don’t know").text()).isEqualTo("keep br900g manual know");
        assertThat(KeywordQuery.of("how did I set up the VPN").onlyFunctionWords()).isFalse();
    }

    @Test
    void aQueryOfNothingButFunctionWordsKeepsThemAll() {
        KeywordQuery band = KeywordQuery.of("The Who");
        assertThat(band.words()).containsExactly("the", "who");
        assertThat(band.onlyFunctionWords()).isTrue();
        assertThat(KeywordQuery.of("to do").text()).isEqualTo("to do");
        assertThat(KeywordQuery.of("  ?! ").isEmpty()).isTrue();
        assertThat(KeywordQuery.of("  ?! ").onlyFunctionWords()).isFalse();
    }

    @Test
    void wordsAreLowerCaseEachOnceAndOtherScriptsKeptWhole() {
        assertThat(KeywordQuery.of("VPN vpn Vpn router").words()).containsExactly("vpn", "router");
        assertThat(KeywordQuery.of("嵐山への行き方 in Kyoto").words()).containsExactly("嵐山への行き方", "kyoto");
        assertThat(KeywordQuery.of("port* \"51820\" OR ( -").words()).containsExactly("port", "51820");
        assertThat(KeywordQuery.isFunctionWord("Shouldn’t")).isTrue();
        assertThat(KeywordQuery.isFunctionWord("ma")).as("Ma's birthday").isFalse();
        assertThat(KeywordQuery.isFunctionWord("vpn")).isFalse();
    }
}
