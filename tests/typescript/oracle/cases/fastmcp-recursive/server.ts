import { FastMCP } from "fastmcp";
import { z } from "zod";

const server = new FastMCP({ name: "fastmcp-recursive", version: "1.0.0" });

const Point = z.object({ x: z.number(), y: z.number() });

server.addTool({
  name: "draw",
  description: "Draws a line",
  parameters: z.object({ from: Point, to: Point, via: z.array(Point).optional() }),
  execute: async () => "ok",
});

server.start({ transportType: "stdio" });
