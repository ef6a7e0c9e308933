"use strict";
// what tsc writes for an async handler below ES2017 (CommonJS, target ES2016): the handler
// returns `__awaiter(...)` of a generator whose `return` is the handler's
var __awaiter = (this && this.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};
Object.defineProperty(exports, "__esModule", { value: true });
const index_js_1 = require("@modelcontextprotocol/sdk/server/index.js");
const stdio_js_1 = require("@modelcontextprotocol/sdk/server/stdio.js");
const types_js_1 = require("@modelcontextprotocol/sdk/types.js");
const server = new index_js_1.Server({ name: "lowlevel-downlevel-async", version: "1.0.0" }, { capabilities: { tools: {} } });
const QUERY_TOOL = {
    name: "query",
    description: "Runs a read-only query",
    inputSchema: { type: "object", properties: { sql: { type: "string" }, limit: { type: ["integer", "null"] } }, required: ["sql"] },
};
server.setRequestHandler(types_js_1.ListToolsRequestSchema, () => __awaiter(void 0, void 0, void 0, function* () {
    return {
        tools: [QUERY_TOOL, { name: "ping", inputSchema: { type: "object" } }],
    };
}));
server.setRequestHandler(types_js_1.CallToolRequestSchema, () => __awaiter(void 0, void 0, void 0, function* () { return ({ content: [] }); }));
server.connect(new stdio_js_1.StdioServerTransport());
