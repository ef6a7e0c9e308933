"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.itemTools = void 0;
const helpers_1 = require("./helpers.cjs");
const schemas_1 = require("./schemas.cjs");
exports.itemTools = [
    {
        name: "get_item",
        description: "Get one item",
        inputSchema: (0, helpers_1.toJsonSchema)(schemas_1.GetItemSchema),
    },
    {
        name: "attach_file",
        description: "Attach a file to an item",
        inputSchema: (0, helpers_1.toJsonSchema)(schemas_1.AttachSchema, "input"),
    },
];
