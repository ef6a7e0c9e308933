import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "imports-reexport", version: "1.0.0" });

import { Address, Contact } from "./schemas/index.js";
server.tool("contact", { contact: Contact, address: Address.optional() }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
