import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "zod4-top-level-formats", version: "1.0.0" });

server.tool("formats4", {
  email: z.email(),
  url: z.url(),
  uuid: z.uuid(),
  guid: z.guid(),
  ipv4: z.ipv4(),
  ipv6: z.ipv6(),
  when: z.iso.datetime(),
  day: z.iso.date(),
  time: z.iso.time(),
  duration: z.iso.duration(),
  b64: z.base64(),
  jwt: z.jwt(),
  nano: z.nanoid(),
}, async () => ({ content: [] }));

await server.connect(new StdioServerTransport());
