import { FastMCP } from "fastmcp";
import { z } from "zod";

const server = new FastMCP({ name: "fastmcp-output-forms", version: "1.0.0" });

const VERSION = "2";

server.addTool({
  name: "stats",
  description: `Statistics, version ${VERSION}`,
  parameters: z.object({}),
  outputSchema: z.object({
    total: z.number(),
    by: z.object({ day: z.array(z.number()), label: z.string().optional() }),
    top: z.array(z.object({ name: z.string() })),
  }),
  execute: async () => ({ content: [], structuredContent: { total: 0, by: { day: [] }, top: [] } }),
});

server.addTool({
  name: "status",
  annotations: { title: "Status", openWorldHint: false },
  execute: async () => "ok",
});

server.start({ transportType: "stdio" });
