const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");
const { StdioServerTransport } = require("@modelcontextprotocol/sdk/server/stdio.js");
const { z } = require("zod");
const { searchShape, limits } = require("./schemas.cjs");
const shapes = require("./shapes.cjs");
const fetchShape = require("./fetch.cjs");

const server = new McpServer({ name: "commonjs", version: "1.0.0" });
const done = async () => ({ content: [] });
server.tool("search", "Searches the index", searchShape, done);
server.registerTool("page", {
  description: "One page",
  inputSchema: { page: z.number().int().max(limits.pages) },
}, done);
server.registerTool("fetch", { inputSchema: fetchShape }, done);
server.registerTool("tag", { inputSchema: shapes.tag, outputSchema: shapes.tagged }, done);
server.tool("lookup", { id: require("./schemas.cjs").id, code: require("zod").z.string().length(3) }, done);
server.connect(new StdioServerTransport());
