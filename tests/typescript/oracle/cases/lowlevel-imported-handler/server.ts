import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { ListToolsRequestSchema, CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { ListTools } from "./tools.js";

const server = new Server({ name: "lowlevel-imported-handler", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, ListTools);
server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [] }));
await server.connect(new StdioServerTransport());
