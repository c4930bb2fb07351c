package dev.bearings.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.bearings.mcp.AnswerPrompt;
import dev.bearings.mcp.NoteResources;
import dev.bearings.testkit.Prerequisite;
import dev.bearings.testprocess.ServedMcp;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code bearings mcp} driven by the official TypeScript MCP client ({@code @modelcontextprotocol/sdk}
 * from npm, in {@code src/test/mcp-client}), over stdio and over HTTP: initialize, list the tools, call
 * each one, list and read the note resources, get the prompt, and check the answers against the indexed
 * example notes and against {@code bearings search --json}.
 */
class McpTypeScriptClientTest {
    private static final Path CLIENT = Path.of("src", "test", "mcp-client");

    @TempDir
    Path root;

    @ParameterizedTest(name = "over {0}")
    @ValueSource(strings = {"stdio", "http"})
    void theOfficialClientUsesEveryToolAndSearchAgreesWithTheCli(String transport) throws Exception {
        installClient();
        Path index = McpServerProcess.indexedExamples(root, "sqlite");
        String query = "how did I set up the VPN?";
        ArrayNode calls = McpServerProcess.JSON.createArrayNode();
        call(calls, "search_notes", "{\"query\":\"" + query + "\"}");
        call(calls, "search_notes", "{\"query\":\"51820\",\"mode\":\"keyword\",\"tags\":[\"network\"],\"limit\":3}");
        call(calls, "read_note", "{\"id\":\"vpn-setup.md\"}");
        call(calls, "read_note", "{\"id\":\"vpn-setup.md\",\"heading\":\"# Home VPN with WireGuard > ## Router\"}");
        call(calls, "list_notes", "{}");
        call(calls, "list_notes", "{\"tag\":\"network\",\"title_contains\":\"vpn\"}");
        call(calls, "list_tags", "{}");
        call(calls, "index_status", "{}");
        call(calls, "sync_index", "{}");
        call(calls, "read_note", "{\"id\":\"../../etc/passwd\"}");
        call(calls, "read_note", "{\"id\":\"vpn-setup.md\",\"heading\":\"Printers\"}");
        call(calls, "no_such_tool", "{}");
        Path notes = root.resolve("notes");
        String vpnUri = NoteResources.uri("folder:" + notes, "vpn-setup.md");
        calls.addObject().put("read", vpnUri);
        calls.addObject().put("read", NoteResources.uri("folder:" + notes, "no-such-note.md"));
        calls.addObject().put("prompt", AnswerPrompt.NAME).putObject("arguments").put("question", query);
        JsonNode transcript = transport.equals("http") ? runOverHttp(index, calls) : run(index, calls);

        assertThat(transcript.path("server").path("name").asText()).isEqualTo("bearings");
        assertThat(transcript.path("tools")).extracting(t -> t.path("name").asText()).containsExactly(
                "search_notes", "read_note", "read_notes", "list_notes", "list_tags", "index_status", "sync_index");
        transcript.path("tools").forEach(tool -> {
            assertThat(tool.path("description").asText()).hasSizeGreaterThan(60);
            assertThat(tool.path("inputSchema").path("type").asText()).isEqualTo("object");
        });
        assertThat(transcript.path("tools").get(0).path("inputSchema").path("required")).extracting(JsonNode::asText)
                .containsExactly("query");
        assertThat(transcript.path("capabilities").has("resources")).isTrue();
        assertThat(transcript.path("capabilities").has("prompts")).isTrue();
        transcript.path("tools").forEach(tool -> {
            String name = tool.path("name").asText();
            assertThat(tool.path("outputSchema").path("type").asText()).as(name).isEqualTo("object");
            JsonNode hints = tool.path("annotations");
            assertThat(hints.path("title").asText()).as(name).isNotBlank().isEqualTo(tool.path("title").asText());
            assertThat(hints.path("readOnlyHint").asBoolean()).as(name).isEqualTo(!name.equals("sync_index"));
            assertThat(hints.path("idempotentHint").asBoolean()).as(name).isTrue();
            assertThat(hints.path("destructiveHint").isBoolean() && !hints.path("destructiveHint").asBoolean()).as(name).isTrue();
            assertThat(hints.path("openWorldHint").isBoolean() && !hints.path("openWorldHint").asBoolean()).as(name).isTrue();
        });
        JsonNode answers = transcript.path("calls");
        List<String> listKeys = List.of("passages", "passages", "", "", "", "", "tags", "", "sources");
        for (int i = 0; i < 9; i++) {
            JsonNode answer = answers.get(i);
            assertThat(answer.path("isError").asBoolean()).as(answer.toString()).isFalse();
            // structuredContent conforms to the tool's outputSchema (the server checks before it answers and the
            // client on receipt; either way a nonconforming answer is an error); here it must also be the same
            // data as the text block older clients read.
            JsonNode structured = answer.path("structuredContent");
            assertThat(structured.isObject()).as(answer.toString()).isTrue();
            JsonNode data = listKeys.get(i).isEmpty() ? structured : structured.path(listKeys.get(i));
            assertThat(sameJson(data, json(answer))).as(answer.path("name").asText() + ": " + data + " against " + json(answer))
                    .isTrue();
        }

        CliRun cli = CliRun.of("search", "--json", "--index", index.toString(), query);
        assertThat(cli.exitCode()).as(cli.err()).isZero();
        JsonNode fromCli = McpServerProcess.JSON.readTree(cli.out());
        JsonNode fromMcp = json(answers.get(0));
        assertThat(fromMcp).isNotEmpty().isEqualTo(fromCli);
        assertThat(fromMcp.get(0).path("noteId").asText()).isEqualTo("vpn-setup.md");

        JsonNode port = json(answers.get(1));
        assertThat(port.get(0).path("text").asText()).contains("51820");
        assertThat(port.get(0).path("keywordRank").asInt()).isOne();

        assertThat(json(answers.get(2)).path("markdown").asText()).isEqualTo(Files.readString(notes.resolve("vpn-setup.md")));
        JsonNode router = json(answers.get(3));
        assertThat(router.path("markdown").asText()).startsWith("## Router\n").doesNotContain("## Clients");
        List<String> lines = Files.readAllLines(notes.resolve("vpn-setup.md"), StandardCharsets.UTF_8);
        assertThat(lines.get(router.path("startLine").asInt() - 1)).isEqualTo("## Router");

        assertThat(json(answers.get(4)).path("nextCursor").isNull()).as("one page holds them all").isTrue();
        assertThat(json(answers.get(4)).path("notes")).as("most recently modified first").extracting(n -> n.path("id").asText())
                .containsExactlyElementsOf(McpServerProcess.EXAMPLES_MODIFIED.keySet());
        assertThat(json(answers.get(4)).path("notes")).extracting(n -> n.path("modified").asText())
                .containsExactlyElementsOf(McpServerProcess.EXAMPLES_MODIFIED.values().stream().map(Object::toString).toList());
        assertThat(json(answers.get(5)).path("notes")).extracting(n -> n.path("id").asText()).containsExactly("vpn-setup.md");
        assertThat(json(answers.get(6))).extracting(t -> t.path("tag").asText() + "=" + t.path("notes").asInt())
                .contains("vpn=1", "network=1");
        JsonNode status = json(answers.get(7));
        assertThat(status.path("notes").asInt()).isEqualTo(5);
        assertThat(status.path("chunks").asInt()).isPositive();
        assertThat(status.path("changedSinceLastSync").asInt()).isZero();
        assertThat(json(answers.get(8)).get(0).path("unchanged").asInt()).isEqualTo(5);

        for (int i = 9; i < 12; i++) {
            JsonNode error = answers.get(i);
            assertThat(error.path("isError").asBoolean()).as(error.toString()).isTrue();
            assertThat(error.path("text").asText()).doesNotContain(root.toString()).doesNotContain("Exception")
                    .doesNotContain("\tat ");
        }
        assertThat(answers.get(9).path("text").asText()).contains("no note with id");
        assertThat(answers.get(10).path("text").asText()).contains("no heading 'Printers'").contains("## Router");
        assertThat(answers.get(11).path("text").asText()).contains("Unknown tool");

        assertThat(transcript.path("resourceTemplates")).extracting(t -> t.path("uriTemplate").asText())
                .containsExactly(NoteResources.TEMPLATE);
        JsonNode resources = transcript.path("resources");
        assertThat(resources).extracting(r -> r.path("name").asText())
                .containsExactlyInAnyOrderElementsOf(McpServerProcess.EXAMPLES_MODIFIED.keySet());
        resources.forEach(resource -> {
            String id = resource.path("name").asText();
            assertThat(resource.path("uri").asText()).isEqualTo(NoteResources.uri("folder:" + notes, id));
            assertThat(resource.path("mimeType").asText()).isEqualTo("text/markdown");
            assertThat(resource.path("annotations").path("lastModified").asText())
                    .isEqualTo(McpServerProcess.EXAMPLES_MODIFIED.get(id).toString());
        });
        assertThat(resources).extracting(r -> r.path("title").asText()).contains("Home VPN with WireGuard");
        JsonNode read = answers.get(12);
        assertThat(read.path("isError").asBoolean()).as(read.toString()).isFalse();
        assertThat(read.path("contents")).hasSize(1);
        assertThat(read.path("contents").get(0).path("uri").asText()).isEqualTo(vpnUri);
        assertThat(read.path("contents").get(0).path("text").asText()).as("the resource and read_note agree")
                .isEqualTo(json(answers.get(2)).path("markdown").asText());
        JsonNode unknown = answers.get(13);
        assertThat(unknown.path("protocolError").asBoolean()).as(unknown.toString()).isTrue();
        assertThat(unknown.path("text").asText()).contains("no note with id 'no-such-note.md'").doesNotContain("\tat ");
        JsonNode prompt = answers.get(14);
        assertThat(prompt.path("isError").asBoolean()).as(prompt.toString()).isFalse();
        assertThat(transcript.path("prompts")).extracting(p -> p.path("name").asText()).containsExactly(AnswerPrompt.NAME);
        assertThat(prompt.path("messages").get(0).path("content").path("text").asText()).contains(query)
                .contains("search_notes").contains("read_note");
    }

    @Test
    void theNoteResourcesFollowTheIndex() throws Exception {
        installClient();
        Path index = McpServerProcess.indexedExamples(root, "sqlite");
        Files.writeString(root.resolve("notes").resolve("printer.md"), "# Office printer\n\nThe printer's IP is 10.0.0.42.\n");
        Files.delete(root.resolve("notes").resolve("sourdough.md"));
        ArrayNode calls = McpServerProcess.JSON.createArrayNode();
        call(calls, "search_notes", "{\"query\":\"printer IP\"}");
        calls.addObject().put("list", "resources");
        JsonNode transcript = run(index, calls);

        assertThat(transcript.path("resources")).as("as indexed when the server started").extracting(r -> r.path("name").asText())
                .containsExactlyInAnyOrderElementsOf(McpServerProcess.EXAMPLES_MODIFIED.keySet());
        JsonNode after = transcript.path("calls").get(1);
        assertThat(after.path("resources")).as("after the search synced the change").extracting(r -> r.path("name").asText())
                .contains("printer.md", "vpn-setup.md").doesNotContain("sourdough.md").hasSize(5);
    }

    private static void call(ArrayNode calls, String name, String arguments) throws IOException {
        ObjectNode call = calls.addObject().put("name", name);
        call.set("arguments", McpServerProcess.JSON.readTree(arguments));
    }

    /** Equal as JSON values: the client re-encodes numbers (a score of 1.0 comes back as 1). */
    private static boolean sameJson(JsonNode a, JsonNode b) {
        return a.equals((x, y) -> x.isNumber() && y.isNumber() ? Double.compare(x.doubleValue(), y.doubleValue())
                : x.equals(y) ? 0 : 1, b);
    }

    private static JsonNode json(JsonNode answer) throws IOException {
        return McpServerProcess.JSON.readTree(answer.path("text").asText());
    }

    private JsonNode run(Path index, ArrayNode calls) throws Exception {
        List<String> command = McpServerProcess.command(index);
        ObjectNode server = McpServerProcess.JSON.createObjectNode().put("command", command.get(0));
        command.subList(1, command.size()).forEach(server.putArray("args")::add);
        return run(server, calls);
    }

    /** The same calls to one shared {@code bearings mcp --http}, which is still alive after the client left. */
    private JsonNode runOverHttp(Path index, ArrayNode calls) throws Exception {
        try (ServedMcp http = McpServerProcess.served(root, index)) {
            JsonNode transcript = run(McpServerProcess.JSON.createObjectNode().put("url", http.url()).put("token", http.token()), calls);
            assertThat(http.isAlive()).as(http.err()).isTrue();
            assertThat(http.stop()).as("stopped by SIGTERM").isIn(0, 143);
            assertThat(http.err()).doesNotContain("Exception");
            return transcript;
        }
    }

    private JsonNode run(ObjectNode server, ArrayNode calls) throws Exception {
        Path serverFile = Files.writeString(root.resolve("server.json"), server.toString());
        Path callsFile = Files.writeString(root.resolve("calls.json"), calls.toString());
        Path out = root.resolve("transcript.json");
        Process node = new ProcessBuilder("node", "client.mjs", serverFile.toAbsolutePath().toString(),
                callsFile.toAbsolutePath().toString()).directory(CLIENT.toFile())
                .redirectOutput(out.toFile()).redirectError(root.resolve("client.err").toFile()).start();
        boolean finished = node.waitFor(5, TimeUnit.MINUTES);
        if (!finished) {
            node.destroyForcibly();
        }
        assertThat(finished).as("the client finished within 5 minutes").isTrue();
        assertThat(node.exitValue()).as(Files.readString(root.resolve("client.err"))).isZero();
        return McpServerProcess.JSON.readTree(out.toFile());
    }

    /**
     * The client comes from the npm registry: {@code .ci/run} installs it; elsewhere this installs it
     * once, and the test is skipped, saying why, where node or npm cannot (in CI it fails instead).
     */
    private static void installClient() throws Exception {
        if (Files.isDirectory(CLIENT.resolve("node_modules/@modelcontextprotocol/sdk"))) {
            return;
        }
        List<String> npm = new ArrayList<>(List.of("npm", "ci", "--no-audit", "--no-fund"));
        int code;
        try {
            Process install = new ProcessBuilder(npm).directory(CLIENT.toFile()).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (install.waitFor(5, TimeUnit.MINUTES)) {
                code = install.exitValue();
            } else {
                install.destroyForcibly();
                code = -1;
            }
        } catch (IOException noNpm) {
            code = -1;
        }
        int exit = code;
        Prerequisite.require(exit == 0, () -> "the TypeScript MCP client is not installed and `npm ci` in " + CLIENT
                + " failed (exit " + exit + ": no node/npm or no registry)");
    }
}
