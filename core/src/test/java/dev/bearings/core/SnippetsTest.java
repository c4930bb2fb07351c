package dev.bearings.core;

import dev.bearings.core.search.ChunkLinks;
import dev.bearings.core.search.Snippets;
import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class SnippetsTest {

    /** In a snippet ** marks a match and nothing else: the note's own bold is shown as its text. */
    @Test
    void aNotesOwnBoldIsNotMistakenForAMatch() {
        String snippet = Snippets.of("The **router** is in the hall; the VPN runs on it.", Snippets.terms("vpn"), 200);
        assertThat(snippet).isEqualTo("The router is in the hall; the **VPN** runs on it.");
    }

    @Test
    void queryTermsAreTheSpellingsKeywordSearchMatches() {
        assertThat(Snippets.terms("How did I set up the VPN's Router?")).startsWith("set", "vpn", "vpnrouter", "router")
                .contains("rout er").doesNotContain("how", "the");
        assertThat(Snippets.terms("the of a")).as("nothing but function words: nothing marked").isEmpty();
        assertThat(Snippets.terms("嵐山 tickets")).startsWith("tickets").endsWith("嵐山");
        assertThat(Snippets.terms("wire* \"spare key\" -router")).containsExactly("wire*", "spare key");
    }

    @Test
    void wordDelimitersAndCaseDoNotHideAMatch() {
        assertThat(Snippets.of("the Wi-Fi password is on the fridge", Snippets.terms("wifi password"), 240))
                .isEqualTo("the **Wi-Fi** **password** is on the fridge");
        assertThat(Snippets.of("the wi fi password", Snippets.terms("wifi"), 240)).isEqualTo("the **wi fi** password");
        assertThat(Snippets.of("the wifi password", Snippets.terms("Wi-Fi"), 240)).isEqualTo("the **wifi** password");
        assertThat(Snippets.of("the wifi password", Snippets.terms("wi fi"), 240)).isEqualTo("the **wifi** password");
        assertThat(Snippets.of("WireGuard on the router", Snippets.terms("wireguard"), 240)).isEqualTo("**WireGuard** on the router");
        assertThat(Snippets.of("wireless and wired", Snippets.terms("wire*"), 240)).isEqualTo("**wireless** and **wired**");
        assertThat(Snippets.of("a spare key, the key is spare", Snippets.terms("\"spare key\""), 240))
                .isEqualTo("a **spare key**, the key is spare");
    }

    @Test
    void aShortTextIsShownWholeWithItsMatchesMarked() {
        assertThat(Snippets.of("Set  up the\nrouter", Set.of("router", "set"), 240)).isEqualTo("**Set** up the **router**");
    }

    @Test
    void aLongTextIsCutAroundTheFirstMatchAtWordBoundaries() {
        String text = "alpha ".repeat(40) + "wireguard tunnel " + "omega ".repeat(40);
        String snippet = Snippets.of(text, Set.of("tunnel"), 80);
        assertThat(snippet).startsWith("… ").endsWith(" …").contains("**tunnel**");
        String inner = snippet.substring(2, snippet.length() - 2);
        assertThat(inner).doesNotStartWith(" ").doesNotEndWith(" ");
        assertThat(inner.replace("**", "")).startsWith("alpha alpha").contains("wireguard tunnel omega");
        assertThat(inner.replace("**", "").length()).isBetween(80, 86);
        assertThat(Snippets.of(text, Set.of("nothing"), 80)).as("no match: the start").startsWith("alpha").endsWith(" …");
        assertThat(Snippets.of("wireguard tunnel " + "omega ".repeat(40), Set.of("wireguard"), 80))
                .as("a match near the start: no leading ellipsis").startsWith("**wireguard**");
    }

    @Test
    void wordsMatchATermExactlyOrByAStemLikePrefix() {
        assertThat(Snippets.of("setting configs configuration con", Set.of("config", "setup"), 240))
                .isEqualTo("setting **configs** **configuration** con");
        assertThat(Snippets.of("cat cats", Set.of("cat"), 240)).as("short terms match exactly").isEqualTo("**cat** cats");
        assertThat(Snippets.of("tunnels tunnel", Set.of("tunnel"), 240)).isEqualTo("**tunnels** **tunnel**");
        assertThat(Snippets.of("printed printing print", Set.of("printers"), 240)).as("all but the last two letters")
                .isEqualTo("**printed** printing print");
    }

    @Test
    void aTextHoldsATermWhereASnippetWouldMarkIt() {
        assertThat(Snippets.holds("the Wi-Fi password", "fi")).as("a part of a hyphenated word").isTrue();
        assertThat(Snippets.holds("the Wi-Fi password", "passwords")).as("by its stem").isTrue();
        assertThat(Snippets.holds("set it up on the wi fi", "wi fi")).as("words in a row").isTrue();
        assertThat(Snippets.holds("京都駅から嵐山へ", "嵐山")).isTrue();
        assertThat(Snippets.holds("the fi of wi", "wi fi")).as("the words, but not in a row").isFalse();
        assertThat(Snippets.holds("on the wi\n\tfi", "wi fi")).as("apart by white space").isTrue();
        assertThat(Snippets.holds("on the wi - fi", "wi fi")).as("apart by a hyphen").isTrue();
        assertThat(Snippets.holds("on the wi, fi", "wi fi")).as("apart by a comma").isFalse();
        assertThat(Snippets.holds("the Wi-Fi password", "router")).isFalse();
    }

    @Test
    void bearLinksGoToTheLastHeadingOfThePath() {
        assertThat(ChunkLinks.of("bear://x-callback-url/open-note?id=A", "# VPN > ## Router & ports"))
                .isEqualTo("bear://x-callback-url/open-note?id=A&header=Router%20%26%20ports");
        assertThat(ChunkLinks.of("bear://x-callback-url/open-note?id=A", "## Only")).endsWith("&header=Only");
        assertThat(ChunkLinks.of("bear://x-callback-url/open-note?id=A", "")).isEqualTo("bear://x-callback-url/open-note?id=A");
        assertThat(ChunkLinks.of("bear://x-callback-url/open-note?id=A", "# VPN > ##")).isEqualTo("bear://x-callback-url/open-note?id=A");
        assertThat(ChunkLinks.of("file:///n/a.md", "# VPN")).isEqualTo("file:///n/a.md");
    }

    @Test
    void japaneseAndChineseMatchesAreMarkedInsideRunsWithoutSpaces() {
        assertThat(Snippets.terms("嵐山へ")).containsExactly("嵐山", "山へ");
        assertThat(Snippets.of("京都駅から嵐山へはJR嵯峨野線が便利", Snippets.terms("嵐山"), 240))
                .isEqualTo("京都駅から**嵐山**へはJR嵯峨野線が便利");
        assertThat(Snippets.of("京都駅から嵐山へはJR嵯峨野線", Snippets.terms("嵐山へ"), 240)).as("overlapping bigrams, one mark")
                .isEqualTo("京都駅から**嵐山へ**はJR嵯峨野線");
        assertThat(Snippets.of("去外滩 by metro", Snippets.terms("外滩 metro"), 240)).isEqualTo("去**外滩** by **metro**");
        String longRun = "的".repeat(300) + "外滩" + "的".repeat(300);
        String cut = Snippets.of(longRun, Snippets.terms("外滩"), 40);
        assertThat(cut).startsWith("… ").endsWith(" …").contains("**外滩**");
    }
}
