import { z } from "zod";

export const customerShape = {
  email: z.string().email().describe("The customer's address"),
  tier: z.enum(["free", "pro"]).default("free"),
};
export * from "./money.js";
