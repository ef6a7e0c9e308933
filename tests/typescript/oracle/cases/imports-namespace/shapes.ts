import { z } from "zod";
export const createShape = { title: z.string(), done: z.boolean().default(false) };
export const removeShape = { id: z.string().uuid() };
