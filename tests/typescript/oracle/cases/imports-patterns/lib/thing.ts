import { z } from "zod";

export default z.object({ flag: z.boolean(), note: z.string().optional() });
