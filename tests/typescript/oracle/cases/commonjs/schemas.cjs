const { z } = require("zod");

exports.searchShape = {
  query: z.string().min(1).describe("What to find"),
  limit: z.number().optional(),
};
exports.limits = { pages: 50 };
exports.id = z.string().max(36);
