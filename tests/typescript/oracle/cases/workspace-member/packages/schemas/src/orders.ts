import { z } from "zod";
import { Money } from "./money.js";

export default { order: z.string().regex(/^ord_[a-z0-9]+$/), total: Money };
