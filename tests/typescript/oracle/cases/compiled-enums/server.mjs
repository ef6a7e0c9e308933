import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import { Level, Mode, Platform } from "./enums.mjs";

const server = new McpServer({ name: "compiled-enums", version: "1.0.0" });
server.tool("configure", "Configure a run", {
  platform: z.nativeEnum(Platform),
  level: z.nativeEnum(Level),
  mode: z.nativeEnum(Mode).optional(),
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
