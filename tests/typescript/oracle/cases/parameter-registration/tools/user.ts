import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

export function registerUserTools(server: McpServer) {
  server.registerTool("user-lookup", {
    title: "Look up a user",
    description: "Finds a user by e-mail",
    inputSchema: { email: z.string().email() },
  }, async () => ({ content: [] }));
}
