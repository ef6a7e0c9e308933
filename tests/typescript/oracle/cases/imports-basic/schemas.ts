import { z } from "zod";
export const QuerySchema = z.string().min(1).describe("A SQL query");
export const LIMIT = 500;
