"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.AttachSchema = exports.GetItemSchema = void 0;
const zod_1 = require("zod");
exports.GetItemSchema = zod_1.z.object({ id: zod_1.z.string().describe("The item's id") }).strict();
var attachments_1 = require("./attachments.cjs");
Object.defineProperty(exports, "AttachSchema", { enumerable: true, get: function () { return attachments_1.AttachSchema; } });
