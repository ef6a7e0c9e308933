import { z } from "zod";

// a helper of another API with a `.tool(name, callback)` of its own: not a registration
function log(tracer) {
  tracer.tool("notes", () => undefined);
}

export function installNotes({ server }) {
  log({ tool: () => undefined });
  server.registerTool("notes-add", {
    description: "Adds a note",
    inputSchema: { text: z.string().max(500), pinned: z.boolean().default(false) },
  }, async () => ({ content: [] }));
}
