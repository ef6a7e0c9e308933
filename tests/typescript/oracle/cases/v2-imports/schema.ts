import * as z from "zod";
export const Filters = z.object({ from: z.iso.date().optional(), to: z.iso.date().optional(), q: z.string().min(1) });
export const Sort = z.enum(["asc", "desc"]).describe("Sort order");
