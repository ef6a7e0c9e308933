import { z } from "zod";
export const Contact = z.object({ name: z.string(), email: z.string().email().optional() });
