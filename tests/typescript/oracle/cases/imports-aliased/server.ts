import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "imports-aliased", version: "1.0.0" });

import { Color as Colour } from "./types.js";
import Size from "./size.js";
server.tool("paint", { colour: Colour, size: Size }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
