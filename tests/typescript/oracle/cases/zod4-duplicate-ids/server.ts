import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

// two different schemas registered with one id in one tool: converting it throws, and every
// tools/list of the server fails
const server = new McpServer({ name: "zod4-duplicate-ids", version: "1.0.0" });

const Home = z.object({ street: z.string() }).meta({ id: "Place" });
const Office = z.object({ floor: z.number() }).meta({ id: "Place" });
server.registerTool("home", { description: "Fine alone", inputSchema: { home: Home } }, async () => ({ content: [] }));
server.registerTool("both", { description: "Two ids alike", inputSchema: { home: Home, office: Office } }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
