import { FastMCP } from "fastmcp";
import { z } from "zod";

const server = new FastMCP({ name: "fastmcp-unrepresentable", version: "1.0.0" });

server.addTool({ name: "plain", description: "Listed, but the list fails", parameters: z.object({ q: z.string() }), execute: async () => "ok" });
// fastmcp converts each schema when it lists the tools: what Zod 4 cannot represent fails them all
server.addTool({ name: "when", description: "A date", parameters: z.object({ at: z.date() }), execute: async () => "ok" });

server.start({ transportType: "stdio" });
