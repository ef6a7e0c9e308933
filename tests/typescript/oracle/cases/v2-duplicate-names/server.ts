import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import * as z from "zod";

const server = new McpServer({ name: "v2-duplicate-names", version: "1.0.0" });

function register(target: McpServer, name: string): void {
  target.registerTool(name, { description: "Registered by a helper" }, async () => ({ content: [] }));
}

server.registerTool("find", { description: "Find by text", inputSchema: z.object({ text: z.string() }) },
  async () => ({ content: [] }));
register(server, "help");
server.registerTool("count", { description: "Count" }, async () => ({ content: [] }));
server.registerTool("find", { description: "Find by number", inputSchema: z.object({ n: z.number() }) },
  async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
