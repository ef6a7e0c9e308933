import { z } from "zod";
export default z.number().int().min(1).max(5);
