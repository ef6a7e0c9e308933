import { z } from "zod";

// untyped: the server comes from whoever calls it
export default (server) => {
  server.tool("admin-ban", "Bans users", {
    ids: z.union([z.string(), z.array(z.string())]),
    reason: z.string().optional(),
  }, { destructiveHint: true }, async () => ({ content: [] }));
};
