import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "zod4-numbers", version: "1.0.0" });

server.tool("numbers4", { i: z.int(), i32: z.int32(), u32: z.uint32(), f32: z.float32(), safe: z.number().safe(), multi: z.number().multipleOf(2).multipleOf(3) }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
