import { z } from "zod";
const Color = z.enum(["red", "green"]);
export { Color };
