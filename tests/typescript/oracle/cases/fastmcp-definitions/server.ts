import { FastMCP } from "fastmcp";
import { z } from "zod";

// fastmcp lists recursive and registered Zod 4 schemas as Zod 4 converts them
const server = new FastMCP({ name: "fastmcp-definitions", version: "1.0.0" });

const Address = z.object({ street: z.string(), city: z.string() }).meta({ id: "Address" });
const Link: z.ZodType<any> = z.lazy(() => z.object({ value: z.number(), next: Link.optional() }));
const Folder = z.object({ name: z.string(), get folders() { return z.array(Folder).optional(); } }).describe("A folder");
const Category = z.object({ name: z.string(), get children() { return z.array(Category); } });

server.addTool({ name: "ids", description: "ids", parameters: z.object({ home: Address, work: Address.optional() }), execute: async () => "ok" });
server.addTool({ name: "recursion", description: "recursion", parameters: z.object({ head: Link, root: Folder }), execute: async () => "ok" });
server.addTool({ name: "whole", description: "whole", parameters: Category, execute: async () => "ok" });

server.start({ transportType: "stdio" });
