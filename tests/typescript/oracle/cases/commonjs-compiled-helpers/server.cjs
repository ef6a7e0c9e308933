"use strict";
// What tsc writes for a server whose tool list is built in other modules
// (@tiberriver256/mcp-server-azure-devops's dist): a helper of another module called as
// `(0, helpers_1.toJsonSchema)(schema)`, and schemas re-exported with
// `Object.defineProperty(exports, name, { get })`.
Object.defineProperty(exports, "__esModule", { value: true });
const index_js_1 = require("@modelcontextprotocol/sdk/server/index.js");
const stdio_js_1 = require("@modelcontextprotocol/sdk/server/stdio.js");
const types_js_1 = require("@modelcontextprotocol/sdk/types.js");
const definitions_1 = require("./definitions.cjs");
const server = new index_js_1.Server({ name: "commonjs-compiled-helpers", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(types_js_1.ListToolsRequestSchema, () => {
    const tools = [...definitions_1.itemTools];
    return { tools };
});
server.connect(new stdio_js_1.StdioServerTransport());
