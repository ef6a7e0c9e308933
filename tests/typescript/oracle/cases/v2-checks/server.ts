import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import * as z from "zod";

const server = new McpServer({ name: "v2-checks", version: "1.0.0" });
const Query = z.object({
  text: z.string().check(z.minLength(3), z.regex(/^\w+$/)),
  page: z.number().check(z.gte(1), z.lte(100)).optional(),
  ids: z.array(z.string().check(z.startsWith("id-"))).check(z.maxLength(10)),
}).check((ctx) => { if (!ctx.value.text) ctx.issues.push({ code: "custom", message: "x", input: ctx.value }); });

server.registerTool("query", { description: "Checked query", inputSchema: Query }, async () => ({ content: [] }));
server.registerTool("result", {
  inputSchema: z.object({ n: z.number().with(z.multipleOf(0.5)) }),
  outputSchema: z.object({ total: z.number().check(z.nonnegative()), label: z.string().check(z.maxLength(40)) }),
}, async () => ({ content: [], structuredContent: { total: 0, label: "" } }));
await server.connect(new StdioServerTransport());
