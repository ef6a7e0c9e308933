const { z } = require("zod");

module.exports = { url: z.string().url(), timeout: z.number().default(30) };
