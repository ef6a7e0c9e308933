const zod = require("zod");
const z = zod.z;

const tag = { name: z.enum(["red", "green"]), note: z.string().nullable() };
exports.tag = { never: z.boolean() }; // replaced below with module.exports: no importer sees it
module.exports = { tag };
module.exports.tagged = { ok: z.boolean() };
exports.tagged = { never: z.string() }; // `exports` still names the old object: not exported
