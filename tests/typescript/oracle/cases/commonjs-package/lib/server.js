// a CommonJS folder inside an ES module package: its own package.json says so, and names no
// dependency — Zod and the SDK come from the package around it
const sdk = require("@modelcontextprotocol/sdk/server/mcp.js");
const { StdioServerTransport } = require("@modelcontextprotocol/sdk/server/stdio.js");
const { z } = require("zod");
const { noteShape, Priority } = require("./shapes");

const server = new sdk.McpServer({ name: "commonjs-package", version: "1.0.0" });
server.registerTool("note", {
  title: "Take a note",
  inputSchema: noteShape,
  outputSchema: { id: z.string() },
}, async () => ({ content: [], structuredContent: { id: "1" } }));
server.tool("prioritise", { level: z.nativeEnum(Priority) }, async () => ({ content: [] }));

async function main() {
  await server.connect(new StdioServerTransport());
}
main();
