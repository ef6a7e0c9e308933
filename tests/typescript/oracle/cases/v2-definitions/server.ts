import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import * as z from "zod";

// the 2.x server lists recursive and registered schemas through `definitions` as Zod 4 writes them
const server = new McpServer({ name: "v2-definitions", version: "1.0.0" });

const Address = z.object({ street: z.string(), city: z.string() }).meta({ id: "Address" });
const Link: z.ZodType<any> = z.lazy(() => z.object({ value: z.number(), next: Link.optional() }));
const Folder = z.object({ name: z.string(), get folders() { return z.array(Folder).optional(); } }).describe("A folder");
const Category = z.object({ name: z.string(), get children() { return z.array(Category); } });

server.registerTool("ids", { description: "ids", inputSchema: z.object({ home: Address, work: Address.optional() }) }, async () => ({ content: [] }));
server.registerTool("recursion", { description: "recursion", inputSchema: z.object({ head: Link, root: Folder }) }, async () => ({ content: [] }));
server.registerTool("whole", { description: "whole", inputSchema: Category, outputSchema: z.object({ tree: Category, address: Address }) }, async () => ({ content: [], structuredContent: { tree: { name: "a", children: [] }, address: { street: "s", city: "c" } } }));

await server.connect(new StdioServerTransport());
