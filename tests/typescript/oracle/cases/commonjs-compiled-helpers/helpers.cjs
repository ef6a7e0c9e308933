"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.toJsonSchema = toJsonSchema;
const zod_1 = require("zod");
function toJsonSchema(schema, io) {
    const options = { target: "draft-07", io: io ?? "output" };
    return zod_1.z.toJSONSchema(schema, options);
}
