"""CommonJS servers: ``require`` of the SDK, Zod and the project's files, ``module.exports`` and
``exports.x`` read as Node runs them top to bottom (the oracle's ``commonjs*`` cases hold the
derivations to the real SDK), TypeScript's ``import x = require()`` / ``export =``; exports that
change at run time are unknown-schema at the use, never a guess."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.linter import lint_text
from portlint.settings import Settings
from portlint.typescript.reader import analyze

HEADER = """const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");
const { z } = require("zod");
const server = new McpServer({ name: "t", version: "1" });
"""
LIST_AS_TEXT = "z.union([z.string(), z.array(z.string())])"


def project(tmp_path: Path, zod: str = "3.25.76") -> Path:
    (tmp_path / "package.json").write_text(json.dumps(
        {"dependencies": {"@modelcontextprotocol/sdk": "1.32.2", "zod": zod}}))
    (tmp_path / "package-lock.json").write_text(json.dumps({"packages": {
        "node_modules/@modelcontextprotocol/sdk": {"version": "1.32.2"},
        "node_modules/zod": {"version": zod}}}))
    return tmp_path


def findings(path: Path, text: str) -> list[tuple[str, str, str, str]]:
    path.write_text(text)
    result = lint_text(text, str(path), Settings())
    return [(f.rule, f.severity.value, text[f.span[0]:f.span[1]], f.message)
            for f in result.findings]


@pytest.mark.parametrize("exporting", [
    f"exports.shape = {{ q: {LIST_AS_TEXT} }};",
    f"module.exports.shape = {{ q: {LIST_AS_TEXT} }};",
    f"const shape = {{ q: {LIST_AS_TEXT} }};\nmodule.exports = {{ shape }};",
    f"module.exports = {{ other: 1 }};\nmodule.exports.shape = {{ q: {LIST_AS_TEXT} }};",
])
def test_a_required_schema_is_linted_at_its_use_in_the_server(tmp_path: Path,
                                                              exporting: str) -> None:
    root = project(tmp_path)
    (root / "schemas.js").write_text('const { z } = require("zod");\n' + exporting + "\n")
    text = HEADER + ('const { shape } = require("./schemas");\n'
                     'server.tool("find", shape, async () => ({ content: [] }));\n')
    found = findings(root / "server.js", text)
    assert [(r, s, t) for r, s, t, _ in found] == [("list-as-text", "warning", "shape")]


def test_the_whole_module_exports_is_what_require_returns(tmp_path: Path) -> None:
    root = project(tmp_path)
    (root / "shape.cjs").write_text(f'const {{ z }} = require("zod");\n'
                                    f'module.exports = {{ q: {LIST_AS_TEXT} }};\n')
    text = HEADER + 'server.tool("find", require("./shape.cjs"), async () => ({ content: [] }));\n'
    found = findings(root / "server.cjs", text)
    assert [(r, s, t) for r, s, t, _ in found] == [
        ("list-as-text", "warning", 'require("./shape.cjs")')]


def test_an_exports_write_after_module_exports_is_replaced_is_not_exported(
        tmp_path: Path) -> None:
    root = project(tmp_path)
    (root / "schemas.js").write_text('const { z } = require("zod");\n'
                                     'module.exports = { a: { x: z.string() } };\n'
                                     'exports.b = { y: z.string() };\n')
    text = HEADER + ('const { b } = require("./schemas");\n'
                     'server.tool("b", b, async () => ({ content: [] }));\n')
    found = findings(root / "server.js", text)
    assert [(r, s, t) for r, s, t, _ in found] == [("unknown-schema", "information", "b")]
    assert "`b` is not exported by `schemas.js`" in found[0][3]


@pytest.mark.parametrize(("exporting", "reason"), [
    ('if (process.env.X) { exports.shape = { x: z.string() }; }',
     "the exports are changed inside a block or a function in `schemas.js`"),
    ('Object.assign(module.exports, { shape: { x: z.string() } });',
     "the exports are assigned with `Object.assign` in `schemas.js`"),
    ('exports = { shape: { x: z.string() } };',
     "the `exports` variable is given another object in `schemas.js`"),
    ('exports[process.env.NAME] = { x: z.string() };',
     "an export assigned under a computed name in `schemas.js`"),
])
def test_exports_that_change_at_run_time_are_unknown_at_the_use(
        tmp_path: Path, exporting: str, reason: str) -> None:
    root = project(tmp_path)
    (root / "schemas.js").write_text('const { z } = require("zod");\n' + exporting + "\n")
    text = HEADER + ('const { shape } = require("./schemas");\n'
                     'server.tool("s", shape, async () => ({ content: [] }));\n')
    found = findings(root / "server.js", text)
    assert [(r, s, t) for r, s, t, _ in found] == [("unknown-schema", "information", "shape")]
    assert reason in found[0][3]


def test_an_es_module_imports_a_commonjs_file_by_name_and_by_default(tmp_path: Path) -> None:
    root = project(tmp_path, zod="4.6.7")
    (root / "schemas.cjs").write_text('const { z } = require("zod");\n'
                                      'exports.named = { a: z.string().max(3) };\n')
    (root / "whole.cjs").write_text('const { z } = require("zod");\n'
                                    'module.exports = { b: z.number().min(1) };\n')
    text = ('import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n'
            'import { named } from "./schemas.cjs";\nimport whole from "./whole.cjs";\n'
            'const server = new McpServer({ name: "t", version: "1" });\n'
            'server.tool("a", named, async () => ({ content: [] }));\n'
            'server.tool("b", whole, async () => ({ content: [] }));\n')
    path = root / "server.ts"
    path.write_text(text)
    a, b = analyze(text, path).tools
    assert a.entry is not None and b.entry is not None
    assert a.entry["inputSchema"]["properties"] == {"a": {"type": "string", "maxLength": 3}}
    assert b.entry["inputSchema"]["properties"] == {"b": {"type": "number", "minimum": 1}}


def test_typescript_import_require_and_export_assignment(tmp_path: Path) -> None:
    root = project(tmp_path)
    (root / "shape.ts").write_text(f'import z = require("zod");\n'
                                   f'const shape = {{ q: {LIST_AS_TEXT} }};\nexport = shape;\n')
    text = ('import sdk = require("@modelcontextprotocol/sdk/server/mcp.js");\n'
            'import shape = require("./shape");\n'
            'const server = new sdk.McpServer({ name: "t", version: "1" });\n'
            'server.tool("find", shape, async () => ({ content: [] }));\n')
    found = findings(root / "server.ts", text)
    assert [(r, s, t) for r, s, t, _ in found] == [("list-as-text", "warning", "shape")]


def test_create_require_is_nodes_require_and_a_local_require_is_not(tmp_path: Path) -> None:
    root = project(tmp_path)
    (root / "shape.cjs").write_text(f'const {{ z }} = require("zod");\n'
                                    f'module.exports = {{ q: {LIST_AS_TEXT} }};\n')
    text = ('import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n'
            'import { createRequire } from "node:module";\n'
            'const require = createRequire(import.meta.url);\n'
            'const server = new McpServer({ name: "t", version: "1" });\n'
            'server.tool("find", require("./shape.cjs"), async () => ({ content: [] }));\n')
    found = findings(root / "server.mjs", text)
    assert [(r, s, t) for r, s, t, _ in found] == [
        ("list-as-text", "warning", 'require("./shape.cjs")')]
    own = text.replace('const require = createRequire(import.meta.url);',
                       'function require(name) { const loaded = {}; loaded[name] = 1; return loaded; }')
    found = findings(root / "server.mjs", own)
    assert [(r, s, t) for r, s, t, _ in found] == [
        ("unknown-schema", "information", 'require("./shape.cjs")')]
    assert "the result of calling a function" in found[0][3]


def test_a_require_of_a_name_known_only_at_run_time_is_unknown(tmp_path: Path) -> None:
    root = project(tmp_path)
    text = HEADER + ('const name = process.env.SCHEMAS;\n'
                     'server.tool("s", require(name).shape, async () => ({ content: [] }));\n')
    found = findings(root / "server.js", text)
    assert [(r, s, t) for r, s, t, _ in found] == [("unknown-schema", "information",
                                                    "require(name)")]
    assert "a `require` of a module named at run time" in found[0][3]


TSC_STAR_HELPER = """var __exportStar = (this && this.__exportStar) || function(m, exports) {
    for (var p in m) if (p !== "default" && !Object.prototype.hasOwnProperty.call(exports, p)) __createBinding(exports, m, p);
};
Object.defineProperty(exports, "__esModule", { value: true });
"""


@pytest.mark.parametrize("index", [
    # tsc's `export * from "./echo"` (@larksuiteoapi/lark-mcp 0.5.1's tools/index.js)
    TSC_STAR_HELPER + '__exportStar(require("./echo"), exports);\n',
    TSC_STAR_HELPER + 'tslib_1.__exportStar(require("./echo"), exports);\n',
    # beside an export of its own
    TSC_STAR_HELPER + 'exports.VERSION = "1";\n__exportStar(require("./echo"), exports);\n',
])
def test_a_compiled_export_star_passes_on_the_module_s_exports(
        tmp_path: Path, index: str) -> None:
    root = project(tmp_path)
    tools = root / "tools"
    tools.mkdir()
    (tools / "index.js").write_text('"use strict";\n' + index)
    (tools / "echo.js").write_text(
        '"use strict";\nObject.defineProperty(exports, "__esModule", { value: true });\n'
        'exports.EchoTool = void 0;\nconst zod_1 = require("zod");\n'
        'exports.EchoTool = { name: "echo", schema: { text: zod_1.z.string() } };\n')
    text = HEADER + 'const tools = require("./tools");\n' \
        'server.tool(tools.EchoTool.name, tools.EchoTool.schema, async () => ({ content: [] }));\n'
    path = root / "server.js"
    path.write_text(text)
    [tool] = analyze(text, path).tools
    assert (tool.name, tool.unknown) == ("echo", [])
    assert tool.entry is not None
    assert list(tool.entry["inputSchema"]["properties"]) == ["text"]


def test_a_star_passed_to_another_object_is_not_the_module_s(tmp_path: Path) -> None:
    root = project(tmp_path)
    (root / "index.js").write_text('"use strict";\nexports.other = {};\n'
                                   '__exportStar(require("./echo"), exports.other);\n')
    (root / "echo.js").write_text('"use strict";\nexports.EchoTool = { name: "echo" };\n')
    text = HEADER + 'const tools = require("./index");\n' \
        'server.tool(tools.EchoTool.name, {}, async () => ({ content: [] }));\n'
    path = root / "server.js"
    path.write_text(text)
    [tool] = analyze(text, path).tools
    assert (tool.name, tool.name_unread) == ("?", "`.name` of a value portlint cannot read")
