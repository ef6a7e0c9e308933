import { z } from "zod";

export const Query = z.object({
  text: z.string().describe("What to look for"),
  page: z.number().int().positive().default(1),
});

export const READ_ONLY = { readOnlyHint: true } as const;
