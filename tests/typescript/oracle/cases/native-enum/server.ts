import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "native-enum", version: "1.0.0" });

enum Priority { Low, Medium, High }
enum Status { Open = "open", Closed = "closed" }
server.tool("tickets", {
  priority: z.nativeEnum(Priority),
  status: z.nativeEnum(Status),
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
