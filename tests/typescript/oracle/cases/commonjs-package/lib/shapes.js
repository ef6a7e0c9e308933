const { z } = require("zod");

const Priority = { Low: "low", High: "high" };
const noteShape = {
  text: z.string().max(500).describe("The note"),
  tags: z.array(z.string()).max(5).default([]),
  due: z.string().datetime().optional(),
};
module.exports = { noteShape, Priority };
