import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "branch-registrations", version: "1.0.0" });
const done = async () => ({ content: [] });

// each name registered in one of two branches: the SDK is given it once
const tools: { name: string; description: string; annotations?: { readOnlyHint: boolean } }[] = [
  { name: "annotated", description: "Read only.", annotations: { readOnlyHint: true } },
  { name: "plain", description: "Writes." },
];
for (const tool of tools) {
  if (tool.annotations) {
    server.tool(tool.name, tool.description, { text: z.string() }, tool.annotations, done);
  } else {
    server.tool(tool.name, tool.description, { text: z.string() }, done);
  }
}

const verbose = process.env.BRANCH_VERBOSE === "1";
verbose
  ? server.registerTool("mode", { description: "Verbose." }, done)
  : server.registerTool("mode", { description: "Quiet." }, done);

switch (process.env.BRANCH_FLAVOR) {
  case "sweet":
    server.registerTool("flavor", { description: "Sweet.", inputSchema: { grams: z.number() } }, done);
    break;
  default:
    server.registerTool("flavor", { description: "Plain.", inputSchema: { grams: z.number().int() } }, done);
}

if (verbose) server.registerTool("level", { description: "Loud." }, done);
else if (process.env.BRANCH_QUIET) server.registerTool("level", { description: "Hushed." }, done);
else server.registerTool("level", { description: "Normal." }, done);

await server.connect(new StdioServerTransport());
