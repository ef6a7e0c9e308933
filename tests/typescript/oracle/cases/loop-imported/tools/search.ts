import { z } from "zod";

export const search = {
  name: "search",
  description: "Searches the index",
  inputSchema: { query: z.string().min(1), tags: z.union([z.string(), z.array(z.string())]).optional() },
};
