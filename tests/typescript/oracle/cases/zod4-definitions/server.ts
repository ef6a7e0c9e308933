import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

// Zod 4 moves a schema into `definitions` when it contains itself (through z.lazy or a getter
// of its own shape) or is registered with an id; its places become `$ref`s to it
const server = new McpServer({ name: "zod4-definitions", version: "1.0.0" });

const Address = z.object({ street: z.string(), city: z.string() }).meta({ id: "Address" });
server.registerTool("registered-ids", {
  description: "A schema registered with an id, used three ways",
  inputSchema: { home: Address, work: Address.optional(), other: Address.describe("Another") },
}, async () => ({ content: [] }));

const Link: z.ZodType<any> = z.lazy(() => z.object({ value: z.number(), next: Link.optional() }));
const Expr: z.ZodType<any> = z.lazy(() => z.union([z.number(), z.object({ op: z.enum(["+", "-"]), args: z.array(Expr) })]));
server.registerTool("lazy-recursion", {
  description: "Recursion through z.lazy",
  inputSchema: { head: Link, tail: Link.describe("The tail").nullable(), expr: Expr, many: z.array(Expr).min(1) },
}, async () => ({ content: [] }));

const Folder = z.object({
  name: z.string(),
  get folders() { return z.array(Folder).optional(); },
  get parent() { return Folder.nullable(); },
}).describe("A folder");
const User = z.object({ email: z.string(), get posts() { return z.array(Post); } });
const Post = z.object({ title: z.string(), get author() { return User; } });
server.registerTool("getter-recursion", {
  description: "Recursion through getters, one schema and two through each other",
  inputSchema: { root: Folder, extra: Folder.meta({ title: "Extra" }), post: Post, user: User },
}, async () => ({ content: [] }));

// the whole input schema contains itself: it refers to itself as "#"
const Category = z.object({ name: z.string(), get children() { return z.array(Category); } });
server.registerTool("whole-schema", { description: "A recursive input schema", inputSchema: Category }, async () => ({ content: [] }));
const Named = z.object({ name: z.string(), get kids() { return z.array(Named); } }).meta({ id: "Named" });
server.registerTool("whole-named", { description: "A recursive input schema with an id", inputSchema: Named }, async () => ({ content: [] }));

server.registerTool("recursive-output", {
  description: "Definitions in an output schema",
  inputSchema: { q: z.string() },
  outputSchema: { tree: Category, address: Address },
}, async () => ({ content: [], structuredContent: { tree: { name: "a", children: [] }, address: { street: "s", city: "c" } } }));

// clones with definitions of their own around a recursive schema: a lazy schema named in its
// own function through a method (`T.optional()`), then given metadata, described and refined;
// an object with a getter made strict and refined
const Tree = z.lazy((): z.ZodTypeAny => z.object({ kids: z.array(Tree), parent: Tree.optional() })).meta({ id: "Tree" }).describe("A tree").refine(() => true);
const Strict = z.object({ name: z.string(), get kids() { return z.array(Strict).optional(); } }).strict().refine(() => true);
server.registerTool("recursive-clones", {
  description: "Recursive schemas behind clones",
  inputSchema: { tree: Tree, maybe: Tree.nullable(), strict: Strict },
}, async () => ({ content: [] }));

// a getter that gives its own schema to a method reading it (`.pick`) is not derived: the
// schema has no value yet when the module is read
const Picky = z.object({ a: z.string(), b: z.number(), get only() { return Picky.pick({ a: true }).optional(); } });
server.registerTool("reads-itself", { description: "Not derived", inputSchema: { picky: Picky } }, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
