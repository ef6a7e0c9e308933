import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { searchShape } from "./schemas.cjs";
import fetchShape from "./fetch.cjs";
import * as schemas from "./schemas.cjs";

const server = new McpServer({ name: "commonjs-from-esm", version: "1.0.0" });
server.tool("search", searchShape, async () => ({ content: [] }));
server.tool("fetch", fetchShape, async () => ({ content: [] }));
server.tool("count", schemas.countShape, async () => ({ content: [] }));
await server.connect(new StdioServerTransport());
