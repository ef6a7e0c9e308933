"""Fixes on schemas written as TypeScript or JavaScript object literals are written as the
literals around them are: bare identifier keys (a key that replaces a quoted one stays quoted),
spaces inside braces, the rest of the text untouched."""

from __future__ import annotations

from pathlib import Path

import pytest

from portlint.cli.main import main
from portlint.fixes.render import typescript_literal

SERVER = """\
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const server = new Server({ name: "x", version: "1" }, { capabilities: { tools: {} } });

server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    {
      name: "search",
      inputSchema: {
        type: "object",
        properties: {
          flag: true,
          mode: { type: ["string", "null"] },
          "quoted-key": { "type": ["integer", "null"] },
          list: { type: "array" },
        },
      },
    },
  ],
}));
"""

FIXED = SERVER.replace(
    "flag: true", "flag: {}").replace(
    'mode: { type: ["string", "null"] }',
    'mode: { anyOf: [{ type: "string" }, { type: "null" }] }').replace(
    '"quoted-key": { "type": ["integer", "null"] }',
    '"quoted-key": { "anyOf": [{ type: "integer" }, { type: "null" }] }').replace(
    'list: { type: "array" }', 'list: { items: {}, type: "array" }')


@pytest.mark.parametrize("suffix", [".ts", ".js", ".mjs"])
def test_a_literal_schema_is_fixed_in_its_own_spelling(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], suffix: str) -> None:
    path = tmp_path / f"server{suffix}"
    path.write_text(SERVER, encoding="utf-8")
    assert main(["check", "--fix", "--select",
                 "boolean-schema,type-union,array-missing-items", str(path)]) == 0
    assert "Fixed 4 problems in 1 file." in capsys.readouterr().out
    assert path.read_text(encoding="utf-8") == FIXED


def test_values_are_written_as_typescript_literals() -> None:
    assert typescript_literal({"type": "object", "properties": {}, "required": [],
                               "x-vendor": {"$ref": "#/a"}, "enum": ["a\"b", None, 1.5, True]}) \
        == ('{ type: "object", properties: {}, required: [], "x-vendor": { $ref: "#/a" }, '
            'enum: ["a\\"b", null, 1.5, true] }')
