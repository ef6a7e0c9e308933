import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "factory-params", version: "1.0.0" });

// Zod 3 lists a description given to the factory; Zod 4 keeps it in the definition but lists
// only what .describe() and .meta() register
server.registerTool("given", {
  description: "Descriptions given to the factories",
  inputSchema: {
    text: z.string({ description: "Some text" }),
    count: z.number({ description: "A count" }).int(),
    flag: z.boolean({ description: "A flag" }).optional(),
    described: z.string({ description: "Given" }).describe("Described"),
    nested: z.object({ a: z.string() }, { description: "An object" }),
  },
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
