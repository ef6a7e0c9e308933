import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "extend-merge", version: "1.0.0" });

const Base = z.object({ id: z.string() });
const Named = Base.extend({ name: z.string() });
const Full = Named.merge(z.object({ age: z.number().optional() }));
server.tool("person", { person: Full, base: Base }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
