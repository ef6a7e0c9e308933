"""A low-level server's own `zodToJsonSchema(...)` calls (portlint.typescript.converted_schemas):
what the oracle case `lowlevel-zod-to-json-schema` cannot show — the forms portlint does not
derive — is said, never guessed."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from portlint.cli.schema import schema_document

HEADER = """import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { zodToJsonSchema } from "zod-to-json-schema";
import { z } from "zod";
const A = z.object({ a: z.string() });
const B = z.object({ b: z.number().optional() });
const server = new Server({ name: "t", version: "1" }, { capabilities: { tools: {} } });
"""


@pytest.mark.parametrize(("schema", "reason"), [
    ("{ ...zodToJsonSchema(A), ...zodToJsonSchema(B) }",
     "the results of two `zodToJsonSchema` calls spread into one object"),
    ("{ type: 'object', properties: { ...zodToJsonSchema(A), title: 'x' }.properties }",
     "`.properties` of an object a `zodToJsonSchema` result is spread into"),
    ("zodToJsonSchema(A, { $refStrategy: 'none' })",
     "`zodToJsonSchema`'s option `$refStrategy` as written here"),
    ("zodToJsonSchema(A, { name: 'a', target: 'openApi3' })",
     "`zodToJsonSchema`'s option `target` as written here"),
])
def test_what_is_not_derived_of_a_conversion_is_said(tmp_path: Path, schema: str,
                                                     reason: str) -> None:
    (tmp_path / "package.json").write_text(json.dumps({"dependencies": {
        "@modelcontextprotocol/sdk": "1.32.2", "zod": "3.25.76", "zod-to-json-schema": "3.25.2"}}))
    (tmp_path / "package-lock.json").write_text(json.dumps({"packages": {
        "node_modules/@modelcontextprotocol/sdk": {"version": "1.32.2"},
        "node_modules/zod": {"version": "3.25.76"},
        "node_modules/zod-to-json-schema": {"version": "3.25.2"}}}))
    server = tmp_path / "server.ts"
    server.write_text(HEADER + "server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: "
                      f"[{{ name: 'x', description: 'd', inputSchema: {schema} }}] }}));\n")
    document, ok = schema_document([server], err=io.StringIO())
    assert ok
    [tool] = document["tools"]
    assert tool["name"] == "x"
    assert reason in tool["unknown"]
