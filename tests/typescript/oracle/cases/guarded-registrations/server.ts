import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const server = new McpServer({ name: "guarded-registrations", version: "1.0.0" });
const done = async () => ({ content: [] });

// a constant of the module decides: the SDK is never given `experimental`
const EXPERIMENTAL = false;
const STABLE = true;
if (EXPERIMENTAL) {
  server.registerTool("experimental", { description: "Never registered." }, done);
}
if (!EXPERIMENTAL) server.registerTool("stable", { description: "Registered." }, done);
STABLE && server.registerTool("and_guard", { description: "Registered." }, done);
EXPERIMENTAL && server.registerTool("and_guard_off", { description: "Never registered." }, done);
STABLE || server.registerTool("or_guard_off", { description: "Never registered." }, done);
EXPERIMENTAL
  ? server.registerTool("ternary_off", { description: "Never registered." }, done)
  : server.registerTool("ternary_on", { description: "Registered." }, done);

// an item of a loop decides: a disabled tool is skipped before it is registered
const tools: { name: string; description: string; enabled?: boolean; hidden?: boolean }[] = [
  { name: "enabled_tool", description: "On.", enabled: true },
  { name: "disabled_tool", description: "Off.", enabled: false },
  { name: "default_tool", description: "No flag: off." },
  { name: "hidden_tool", description: "On, but hidden.", enabled: true, hidden: true },
];
for (const tool of tools) {
  if (!tool.enabled) continue;
  if (tool.hidden) {
    continue;
  }
  server.registerTool(tool.name, { description: tool.description, inputSchema: { q: z.string() } }, done);
}
tools.forEach((tool) => {
  if (tool.enabled !== undefined && !tool.hidden) {
    server.registerTool(`each_${tool.name}`, { description: tool.description }, done);
  }
});
[{ name: "returns_early", skip: true }, { name: "runs", skip: false }].forEach((item) => {
  if (item.skip) return;
  server.registerTool(item.name, { description: "Past the guard." }, done);
});

await server.connect(new StdioServerTransport());
