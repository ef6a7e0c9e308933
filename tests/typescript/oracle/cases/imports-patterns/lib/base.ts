import { z } from "zod";

export const Base = z.object({ id: z.string().describe("The id") });
const secretShape = { secret: z.string().min(8) };
export { secretShape as renamed };
export default { fromDefault: z.number().int() };
export const Kinds = { A: "alpha", B: "beta" } as const;
