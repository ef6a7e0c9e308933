import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "lazy-schemas", version: "1.0.0" });

const Point = z.object({ x: z.number(), y: z.number() });
const LazyPoint = z.lazy(() => Point);

// what the function returns is the schema listed; a schema used twice is listed as Zod lists it
server.registerTool("lazy", {
  description: "Schemas given through z.lazy",
  inputSchema: {
    inline: z.lazy(() => z.string().min(2)),
    block: z.lazy(() => { return z.enum(["a", "b"]); }),
    from: LazyPoint,
    to: LazyPoint.optional(),
    point: Point,
    described: z.lazy(() => z.number()).describe("A number"),
  },
}, async () => ({ content: [] }));

const Tree: z.ZodType<unknown> = z.lazy(() => z.object({ name: z.string(), children: z.array(Tree) }));
// a schema that contains itself: Zod 3 lists a $ref to its first place, Zod 4 uses definitions
server.registerTool("tree", { description: "A recursive schema", inputSchema: { root: Tree } }, async () => ({ content: [] }));
// described, the lazy schema is a copy: Zod 3 meets the original once more before its $ref, and
// what the function makes is new at each call
server.registerTool("described-tree", { description: "A described recursive schema", inputSchema: { root: (Tree as z.ZodTypeAny).describe("The root"), again: z.lazy(() => z.object({ a: z.string() })).describe("Once"), twice: z.lazy(() => z.object({ a: z.string() })).describe("Twice") } }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
