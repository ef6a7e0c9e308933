import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { registerTracked } from "./register.js";

export function addSearch(server: McpServer) {
  registerTracked(server, "search", {
    title: "Search",
    description: "Search the records.",
    inputSchema: { query: z.string().min(1), limit: z.number().int().max(50).default(10) },
    annotations: { readOnlyHint: true },
  });
}
