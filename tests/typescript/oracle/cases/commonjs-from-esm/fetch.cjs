const { z } = require("zod");

module.exports = { url: z.string().url(), retries: z.number().int().optional() };
