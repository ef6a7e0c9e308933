import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "zod4-registered-object", version: "1.0.0" });

const Input = z.object({ path: z.string().describe("File path"), recursive: z.boolean().optional() });
server.registerTool("list_files", { description: "List files", inputSchema: Input }, async () => ({ content: [] }));
server.registerTool("refined_input", { inputSchema: Input.refine((v) => v.path !== "", "empty") }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
