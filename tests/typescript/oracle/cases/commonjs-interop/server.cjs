"use strict";
// What tsc and esbuild write for `import * as z from "zod"` when they compile to CommonJS
// (@pandacss/mcp's `dist/cli.js` is esbuild's): the interop helpers around each `require`.
var __importStar = (this && this.__importStar) || function (mod) {
    if (mod && mod.__esModule) return mod;
    var result = {};
    if (mod != null) for (var k in mod) if (k !== "default" && Object.prototype.hasOwnProperty.call(mod, k)) result[k] = mod[k];
    result["default"] = mod;
    return result;
};
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));
Object.defineProperty(exports, "__esModule", { value: true });
const mcp_js_1 = require("@modelcontextprotocol/sdk/server/mcp.js");
const stdio_js_1 = require("@modelcontextprotocol/sdk/server/stdio.js");
const z = __importStar(require("zod"));
var import_zod = __toESM(require("zod"));

const server = new mcp_js_1.McpServer({ name: "commonjs-interop", version: "1.0.0" });
const done = async () => ({ content: [] });
server.registerTool("tsc", {
  description: "Compiled by tsc",
  inputSchema: { scope: z.enum(["a", "b"]).optional(), limit: z.number().int().max(10) },
}, done);
server.registerTool("esbuild", {
  description: "Compiled by esbuild",
  inputSchema: { query: import_zod.z.string().min(1), tags: import_zod.z.array(import_zod.z.string()) },
}, done);
server.connect(new stdio_js_1.StdioServerTransport());
