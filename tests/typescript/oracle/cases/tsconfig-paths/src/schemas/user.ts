import { z } from "zod";
export const userShape = {
  id: z.string().uuid().describe("The user's id"),
  tags: z.union([z.string(), z.array(z.string())]).optional(),
};
