"""An enum as tsc and esbuild emit it in the JavaScript packages ship is read as the object it
makes (@browserstack/mcp-server 1.4.2's `z.nativeEnum(PlatformType)` over tsc's output was
said to need "an enum declared in the project"). The oracle cases `compiled-enums` and
`compiled-enums-commonjs` hold the schemas to what the SDK lists under Zod 3 and 4; here, what
is not such an enum stays unread, with its reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.typescript.reader import analyze

HEAD = ('import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n'
        'import { z } from "zod";\n'
        'const server = new McpServer({ name: "s", version: "1" });\n')
TOOL = 'server.tool("pick", "Pick", { kind: z.nativeEnum(Kind) }, async () => ({ content: [] }));\n'
TSC = ('var Kind;\n(function (Kind) {\n    Kind["A"] = "a";\n    Kind[Kind["B"] = 2] = "B";\n'
       '})(Kind || (Kind = {}));\n')


def _project(root: Path) -> Path:
    (root / "package.json").write_text(json.dumps({"dependencies": {
        "@modelcontextprotocol/sdk": "1.32.2", "zod": "3.25.76"}}))
    (root / "package-lock.json").write_text(json.dumps({"packages": {
        "node_modules/@modelcontextprotocol/sdk": {"version": "1.32.2"},
        "node_modules/zod": {"version": "3.25.76"}}}))
    return root / "server.mjs"


def _kind(root: Path, enum: str) -> tuple[object, list[str]]:
    path = _project(root)
    text = HEAD + enum + TOOL
    [tool] = analyze(text, path).tools
    schema = tool.entry["inputSchema"]["properties"]["kind"] if tool.entry else None
    return schema, [reason for reason, _ in tool.unknown]


@pytest.mark.parametrize("enum", [
    TSC,
    TSC.replace("(Kind || (Kind = {}))", "(Kind || (exports.Kind = Kind = {}))"),
    # esbuild
    'var Kind = /* @__PURE__ */ ((Kind2) => {\n  Kind2["A"] = "a";\n  Kind2[Kind2["B"] = 2] = '
    '"B";\n  return Kind2;\n})(Kind || {});\n',
])
def test_a_compiled_enum_is_its_members(tmp_path: Path, enum: str) -> None:
    # Zod 3 lists a native enum of mixed members by its values, the reverse mapping left out
    assert _kind(tmp_path, enum) == ({"type": ["string", "number"], "enum": ["a", 2]}, [])


@pytest.mark.parametrize("enum", [
    # a statement of another kind in the function: not only an enum's filling
    TSC.replace('    Kind["A"] = "a";\n', '    Kind["A"] = "a";\n    log(Kind);\n'),
    # a member computed at run time
    TSC.replace('Kind["A"] = "a"', 'Kind["A"] = prefix + "a"'),
    # a reverse mapping that is not the member's name
    TSC.replace('] = "B";', '] = "C";'),
    # filling an object that is not the enum's
    TSC.replace("(Kind || (Kind = {}))", "(Other || (Other = {}))"),
])
def test_what_is_not_a_compiled_enum_stays_unread(tmp_path: Path, enum: str) -> None:
    assert _kind(tmp_path, enum) == (None, [
        "`z.nativeEnum` is given no enum portlint can read (one declared in the project, as "
        "TypeScript or as tsc or esbuild compile it)"])
