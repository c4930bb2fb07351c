// Drives a Bearings MCP server with the official TypeScript MCP client and prints what it answered.
// Usage: node client.mjs SERVER_JSON CALLS_JSON
//   SERVER_JSON: {"command": "java", "args": [...]} starting `bearings mcp`
//   CALLS_JSON:  [{"name": "search_notes", "arguments": {...}}, ...]
// Prints one JSON object: the server's name, its tools, and each call's result (isError and text).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { readFileSync } from "node:fs";

const server = JSON.parse(readFileSync(process.argv[2], "utf8"));
const calls = JSON.parse(readFileSync(process.argv[3], "utf8"));

const transport = new StdioClientTransport({ command: server.command, args: server.args, stderr: "inherit" });
const client = new Client({ name: "bearings-test-client", version: "1.0.0" });
await client.connect(transport);

const transcript = { server: client.getServerVersion(), instructions: client.getInstructions(), tools: [], calls: [] };
transcript.tools = (await client.listTools()).tools;
for (const call of calls) {
  try {
    const result = await client.callTool({ name: call.name, arguments: call.arguments }, undefined, { timeout: 600000 });
    transcript.calls.push({ name: call.name, isError: result.isError === true,
      text: result.content.filter(c => c.type === "text").map(c => c.text).join("\n") });
  } catch (error) {
    // A protocol error (unknown tool): the client throws an McpError.
    transcript.calls.push({ name: call.name, isError: true, protocolError: true, text: String(error.message) });
  }
}
await client.close();
process.stdout.write(JSON.stringify(transcript));
