const { z } = require("zod");

exports.searchShape = { query: z.string().describe("Query"), exact: z.boolean().default(false) };
module.exports.countShape = { from: z.number().min(0), to: z.number().max(100).optional() };
