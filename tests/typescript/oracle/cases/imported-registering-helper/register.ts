import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

// @pinecone-database/mcp 0.3.0's `registerDatabaseTool`: one module's helper registers each
// tool the others describe, adding fields of its own to every input schema
const TRACKING = {
  caller: z.string().optional().describe("Who is calling"),
};

export function registerTracked(
  server: McpServer,
  name: string,
  config: { title: string; description: string; inputSchema: z.ZodRawShape; annotations?: { readOnlyHint?: boolean } },
) {
  const merged = { ...config.inputSchema, ...TRACKING };
  server.registerTool(name, {
    title: config.title,
    description: config.description,
    inputSchema: merged,
    annotations: config.annotations,
  }, async () => ({ content: [] }));
}

// a helper registering nothing of what it is given but the server: its own module's tool
export function addPing(server: McpServer) {
  server.registerTool("ping", { description: "Answer." }, async () => ({ content: [] }));
}
