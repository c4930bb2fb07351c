package dev.bearings.mcp.http;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * The page's logins over HTTP: a program holding the token gets a one-time address, as plain text never cached, by
 * POST at its endpoint alone; and codes asked for by the thousand push out the oldest, never more than
 * {@link PageLogin#MOST} held.
 */
class PageLoginTest {

    @Test
    void aProgramWithTheTokenGetsAOneTimeAddressByPostAtItsEndpointAlone(@TempDir Path data) throws Exception {
        PageLogin page = new PageLogin();
        try (StandInServer server = StandInServer.start(data, Map.of(PageLogin.ENDPOINT, page, PageLogin.ADDRESS_ENDPOINT, page), page,
                ServerKey.random(), message -> Optional.empty())) {
            HttpResponse<String> address = StandInServer.send(server.request(PageLogin.ADDRESS_ENDPOINT).POST(HttpRequest.BodyPublishers.noBody()));
            assertThat(address.statusCode()).isEqualTo(200);
            assertThat(address.headers().firstValue("Content-Type")).contains("text/plain;charset=utf-8");
            assertThat(address.headers().firstValue("Cache-Control")).contains("no-store");
            assertThat(address.body()).startsWith(PageLogin.ENDPOINT + "?code=");
            assertThat(StandInServer.send(server.anonymous(address.body())).statusCode()).as("it opens the page").isEqualTo(303);

            assertThat(StandInServer.send(server.request(PageLogin.ENDPOINT).POST(HttpRequest.BodyPublishers.noBody())).statusCode())
                    .as("the login takes GET alone").isEqualTo(405);
        }
    }

    @Test
    void theOldestCodeIsPushedOutWhenTheyAreMany(@TempDir Path data) throws Exception {
        PageLogin page = new PageLogin();
        try (StandInServer server = StandInServer.start(data, Map.of(PageLogin.ENDPOINT, page), page, ServerKey.random(),
                message -> Optional.empty())) {
            String oldest = page.newCode();
            String next = page.newCode();
            assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
                for (int i = 2; i <= PageLogin.MOST; i++) {
                    page.newCode();
                }
            });
            assertThat(StandInServer.send(server.anonymous(PageLogin.ENDPOINT + "?code=" + oldest)).statusCode()).isEqualTo(403);
            assertThat(StandInServer.send(server.anonymous(PageLogin.ENDPOINT + "?code=" + next)).statusCode()).isEqualTo(303);
        }
    }
}
