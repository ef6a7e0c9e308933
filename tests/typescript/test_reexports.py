"""ES re-exports as the module system links them (the oracle's ``imports-patterns`` case holds
the derivations to the real SDK): ``export * as ns``, renamed and default re-exports; and what
``export *`` leaves out — the default — stays unknown-schema at the import's use."""

from __future__ import annotations

import json
from pathlib import Path

from portlint.linter import lint_text
from portlint.settings import Settings

HEADER = """import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "t", version: "1" });
"""
BASE = ('import { z } from "zod";\n'
        'export const Q = { q: z.union([z.string(), z.array(z.string())]) };\n'
        'export default { d: z.union([z.string(), z.array(z.string())]).describe("d") };\n')


def project(tmp_path: Path) -> Path:
    (tmp_path / "package.json").write_text(json.dumps(
        {"dependencies": {"@modelcontextprotocol/sdk": "1.32.2", "zod": "3.25.76"}}))
    (tmp_path / "package-lock.json").write_text(json.dumps({"packages": {
        "node_modules/@modelcontextprotocol/sdk": {"version": "1.32.2"},
        "node_modules/zod": {"version": "3.25.76"}}}))
    (tmp_path / "base.ts").write_text(BASE)
    return tmp_path


def findings(path: Path, text: str) -> list[tuple[str, str, str, str]]:
    path.write_text(text)
    result = lint_text(text, str(path), Settings())
    return [(f.rule, f.severity.value, text[f.span[0]:f.span[1]], f.message)
            for f in result.findings]


def test_a_namespace_re_export_is_followed(tmp_path: Path) -> None:
    root = project(tmp_path)
    (root / "index.ts").write_text('export * as ns from "./base.js";\n')
    text = HEADER + ('import { ns } from "./index.js";\n'
                     'server.tool("find", ns.Q, async () => ({ content: [] }));\n')
    found = findings(root / "server.ts", text)
    assert [(r, s, t) for r, s, t, _ in found] == [("list-as-text", "warning", "ns.Q")]


def test_renamed_and_default_re_exports_are_followed(tmp_path: Path) -> None:
    root = project(tmp_path)
    (root / "index.ts").write_text('export { Q as Query, default as Whole } from "./base.js";\n'
                                   'export { default } from "./base.js";\n')
    text = HEADER + ('import Main, { Query, Whole } from "./index.js";\n'
                     'server.tool("a", Query, async () => ({ content: [] }));\n'
                     'server.tool("b", Whole, async () => ({ content: [] }));\n')
    found = findings(root / "server.ts", text)
    assert [(r, s, t) for r, s, t, _ in found] == [
        ("list-as-text", "warning", "Query"), ("list-as-text", "warning", "Whole")]
    text = HEADER + ('import Main from "./index.js";\n'
                     'server.tool("c", Main, async () => ({ content: [] }));\n')
    found = findings(root / "server.ts", text)
    assert [(r, s, t) for r, s, t, _ in found] == [("list-as-text", "warning", "Main")]


def test_export_star_does_not_pass_on_the_default(tmp_path: Path) -> None:
    root = project(tmp_path)
    (root / "index.ts").write_text('export * from "./base.js";\n')
    text = HEADER + ('import Main from "./index.js";\n'
                     'server.tool("c", Main, async () => ({ content: [] }));\n')
    found = findings(root / "server.ts", text)
    assert [(r, s, t) for r, s, t, _ in found] == [("unknown-schema", "information", "Main")]
    assert "`default` is not exported by `index.ts`" in found[0][3]


def test_names_destructured_in_an_export_are_exported(tmp_path: Path) -> None:
    root = project(tmp_path)
    (root / "shapes.ts").write_text('import { Q } from "./base.js";\n'
                                    'const all = { first: Q, second: { n: Q.q } };\n'
                                    'export const { first, second: renamed } = all;\n')
    text = HEADER + ('import { first, renamed } from "./shapes.js";\n'
                     'server.tool("a", first, async () => ({ content: [] }));\n')
    found = findings(root / "server.ts", text)
    assert [(r, s, t) for r, s, t, _ in found] == [("list-as-text", "warning", "first")]
    text = HEADER + ('import { renamed } from "./shapes.js";\n'
                     'server.tool("b", renamed, async () => ({ content: [] }));\n')
    found = findings(root / "server.ts", text)
    assert [(r, s, t) for r, s, t, _ in found] == [("list-as-text", "warning", "renamed")]
