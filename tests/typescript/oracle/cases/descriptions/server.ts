import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "descriptions", version: "1.0.0" });

server.tool("weather", "Current weather for a city", {
  city: z.string().describe("City name, e.g. Paris"),
  country: z.string().describe("ISO country code").optional(),
  units: z.enum(["metric", "imperial"]).optional().describe("Unit system"),
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
