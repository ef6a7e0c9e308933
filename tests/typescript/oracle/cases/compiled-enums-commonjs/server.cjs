"use strict";
const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");
const { StdioServerTransport } = require("@modelcontextprotocol/sdk/server/stdio.js");
const { z } = require("zod");
const enums_1 = require("./enums.cjs");

const server = new McpServer({ name: "compiled-enums-commonjs", version: "1.0.0" });
server.tool("configure", "Configure a run", {
  platform: z.nativeEnum(enums_1.Platform),
  level: z.nativeEnum(enums_1.Level),
}, async () => ({ content: [] }));

server.connect(new StdioServerTransport());
