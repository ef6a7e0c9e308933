"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.AttachSchema = void 0;
const zod_1 = require("zod");
exports.AttachSchema = zod_1.z.object({
    id: zod_1.z.string(),
    path: zod_1.z.string().describe("A file to attach"),
    comment: zod_1.z.string().default("attached"),
});
