import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "consts", version: "1.0.0" });

const NAME = "convert";
const DESCRIPTION = "Converts " + "a value";
const MAX = 10;
server.tool(NAME, DESCRIPTION, { value: z.number().max(MAX), unit: z.string().describe(`the unit`) }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
