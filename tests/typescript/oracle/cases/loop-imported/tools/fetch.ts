import { z } from "zod";

export default {
  name: "fetch",
  description: "Fetches a page",
  inputSchema: { url: z.string().url(), timeout: z.number().int().positive().default(30) },
};
