import type { FastMCP } from "fastmcp";
import { z } from "zod";

export function registerTools(server: FastMCP): void {
  server.addTool({
    name: "lookup",
    description: "Looks something up",
    parameters: z.object({ key: z.string() }),
    execute: async () => "ok",
  });
}
