import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
import { addPing, registerTracked } from "./register.js";
import { addSearch } from "./tools.js";

const server = new McpServer({ name: "imported-registering-helper", version: "1.0.0" });

addSearch(server);
addPing(server);
registerTracked(server, "upsert", {
  title: "Upsert",
  description: "Write a record.",
  inputSchema: { id: z.string(), tags: z.array(z.string()).optional() },
});

await server.connect(new StdioServerTransport());
