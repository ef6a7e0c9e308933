import { FastMCP } from "fastmcp";
import { z } from "zod";
import { Query, READ_ONLY } from "./schemas.js";

const server = new FastMCP({ name: "fastmcp-imports", version: "1.0.0" });

const NAME = "find";

server.addTool({
  name: NAME,
  description: `Finds documents`,
  parameters: Query,
  annotations: READ_ONLY,
  execute: async () => "ok",
});

server.addTool({
  name: "find_more",
  parameters: Query.extend({ all: z.boolean() }),
  execute: async () => "ok",
});

server.start({ transportType: "stdio" });
