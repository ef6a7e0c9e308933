import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "output-nested", version: "1.0.0" });

server.registerTool("forecast", {
  description: "Forecast",
  inputSchema: { city: z.string() },
  outputSchema: {
    days: z.array(z.object({ date: z.string(), high: z.number(), low: z.number(), summary: z.string().optional() })),
    source: z.enum(["model", "station"]),
  },
}, async () => ({ content: [], structuredContent: { days: [], source: "model" } }));

await server.connect(new StdioServerTransport());
