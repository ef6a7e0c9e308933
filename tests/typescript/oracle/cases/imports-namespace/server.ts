import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "imports-namespace", version: "1.0.0" });

import * as shapes from "./shapes.js";
server.tool("create", { ...shapes.createShape }, async () => ({ content: [] }));
server.tool("remove", shapes.removeShape, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
