// Drives a Bearings MCP server with the official TypeScript MCP client and prints what it answered.
// Usage: node client.mjs SERVER_JSON CALLS_JSON
//   SERVER_JSON: {"command": "java", "args": [...]} starting `bearings mcp` (stdio), or
//                {"url": "http://127.0.0.1:PORT/mcp", "token": "..."} for a running `bearings mcp --http`
//   CALLS_JSON:  [{"name": "search_notes", "arguments": {...}}, {"read": "bearings://note/..."},
//                 {"prompt": "answer_from_notes", "arguments": {...}}, {"list": "resources"}, ...]
// Prints one JSON object: the server's name, its tools, resources, resource templates and prompts, and
// each call's result. The client itself validates a tool's structuredContent against its outputSchema
// and throws when it does not conform, which the transcript records as a protocol error.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { readFileSync } from "node:fs";

const server = JSON.parse(readFileSync(process.argv[2], "utf8"));
const calls = JSON.parse(readFileSync(process.argv[3], "utf8"));

const transport = server.url
  ? new StreamableHTTPClientTransport(new URL(server.url),
      { requestInit: { headers: { Authorization: `Bearer ${server.token}` } } })
  : new StdioClientTransport({ command: server.command, args: server.args, stderr: "inherit" });
const client = new Client({ name: "bearings-test-client", version: "1.0.0" });
await client.connect(transport);

const transcript = { server: client.getServerVersion(), instructions: client.getInstructions(),
  capabilities: client.getServerCapabilities(), calls: [] };
transcript.tools = (await client.listTools()).tools;
transcript.resources = (await client.listResources()).resources;
transcript.resourceTemplates = (await client.listResourceTemplates()).resourceTemplates;
transcript.prompts = (await client.listPrompts()).prompts;
const options = { timeout: 600000 };
for (const call of calls) {
  try {
    if (call.list === "resources") {
      transcript.calls.push({ list: "resources", isError: false, resources: (await client.listResources()).resources });
    } else if (call.read) {
      const result = await client.readResource({ uri: call.read }, options);
      transcript.calls.push({ read: call.read, isError: false, contents: result.contents });
    } else if (call.prompt) {
      const result = await client.getPrompt({ name: call.prompt, arguments: call.arguments }, options);
      transcript.calls.push({ prompt: call.prompt, isError: false, messages: result.messages });
    } else {
      const result = await client.callTool({ name: call.name, arguments: call.arguments }, undefined, options);
      transcript.calls.push({ name: call.name, isError: result.isError === true,
        text: result.content.filter(c => c.type === "text").map(c => c.text).join("\n"),
        structuredContent: result.structuredContent ?? null });
    }
  } catch (error) {
    // A protocol error (unknown tool, unknown resource, output not matching its schema): the client throws.
    transcript.calls.push({ name: call.name ?? call.read ?? call.prompt, isError: true, protocolError: true,
      text: String(error.message) });
  }
}
await client.close();
process.stdout.write(JSON.stringify(transcript));
