import { z } from "zod";
export const Address = z.object({ city: z.string(), zip: z.string() });
