import { FastMCP } from "fastmcp";
import { z } from "zod";
import { registerTools } from "./tools.js";

const server = new FastMCP({ name: "fastmcp-register-function", version: "1.0.0" });

registerTools(server);

server.addTool({
  name: "here",
  parameters: z.object({ n: z.number() }),
  execute: async () => "ok",
});

server.start({ transportType: "stdio" });
