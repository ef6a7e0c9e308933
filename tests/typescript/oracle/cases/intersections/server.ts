import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "intersections", version: "1.0.0" });

const A = z.object({ a: z.string() });
const B = z.object({ b: z.number() });
server.tool("both", { value: z.intersection(A, B), other: A.and(z.object({ c: z.boolean() })) }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
