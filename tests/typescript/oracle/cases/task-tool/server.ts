import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { InMemoryTaskStore } from "@modelcontextprotocol/sdk/experimental/tasks";
import { z } from "zod";

const server = new McpServer(
  { name: "task-tool", version: "1.0.0" },
  { capabilities: { tools: {}, tasks: { requests: { tools: { call: {} } } } },
    taskStore: new InMemoryTaskStore() },
);

const handler = {
  createTask: async (_args: unknown, extra: any) =>
    ({ task: await extra.taskStore.createTask({ ttl: 1000 }) }),
  getTask: async (_args: unknown, extra: any) => await extra.taskStore.getTask(extra.taskId),
  getTaskResult: async (_args: unknown, extra: any) =>
    await extra.taskStore.getTaskResult(extra.taskId),
};

server.registerTool("plain", { description: "A plain tool", inputSchema: { q: z.string() } },
  async () => ({ content: [] }));

server.experimental.tasks.registerToolTask("research", {
  title: "Research",
  description: "Runs as a task",
  inputSchema: { topic: z.string().describe("The topic"), depth: z.number().int().optional() },
  execution: { taskSupport: "required" },
  annotations: { readOnlyHint: true },
}, handler);

server.experimental.tasks.registerToolTask("maybe-task", {
  description: "May run as a task",
  inputSchema: { id: z.string() },
  execution: { taskSupport: "optional" },
}, handler);

server.experimental.tasks.registerToolTask("default-task", {
  inputSchema: { id: z.string() },
}, handler);

await server.connect(new StdioServerTransport());
