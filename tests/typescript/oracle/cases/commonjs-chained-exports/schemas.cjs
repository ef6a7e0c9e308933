"use strict";
// What tsc writes for a module of several exports compiled to CommonJS: one chained
// assignment declares them all, then each is assigned its value (atlassian-jira, lighthouse-mcp).
Object.defineProperty(exports, "__esModule", { value: true });
exports.SearchArgs = exports.PathArgs = exports.LIMIT = void 0;
const zod_1 = require("zod");
exports.LIMIT = 50;
exports.PathArgs = {
    path: zod_1.z.string().describe("Where to read"),
};
exports.SearchArgs = {
    query: zod_1.z.string(),
    limit: zod_1.z.number().int().max(exports.LIMIT).optional(),
};
