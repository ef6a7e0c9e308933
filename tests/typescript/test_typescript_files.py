"""TypeScript servers through the whole pipeline: findings at the Zod expression, the sources'
own findings (unknown-schema, hidden-constraint, parse-error), suppressions, silence on files that
register no tool, the SDK and Zod chosen from the project, hover, discovery."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from portlint.cli.discover import candidates
from portlint.linter import lint_text
from portlint.settings import Settings
from portlint.typescript.preview import typescript_preview
from portlint.typescript.project import Project, newest_allowed
from portlint.typescript.reader import analyze

HEADER = """import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
const server = new McpServer({ name: "t", version: "1" });
"""


def project(tmp_path: Path, sdk: str = "1.32.2", zod: str = "3.25.76",
            lock: bool = True) -> Path:
    manifest = {"dependencies": {"@modelcontextprotocol/sdk": sdk, "zod": zod}}
    (tmp_path / "package.json").write_text(json.dumps(manifest))
    if lock:
        (tmp_path / "package-lock.json").write_text(json.dumps({"packages": {
            "node_modules/@modelcontextprotocol/sdk": {"version": sdk},
            "node_modules/zod": {"version": zod}}}))
    return tmp_path


def lint(path: Path, text: str) -> list[tuple[str, str, str]]:
    path.write_text(text)
    result = lint_text(text, str(path), Settings())
    return [(f.rule, f.severity.value, text[f.span[0]:f.span[1]]) for f in result.findings]


def test_a_finding_sits_at_the_zod_expression_that_causes_it(tmp_path: Path) -> None:
    server = project(tmp_path) / "server.ts"
    text = HEADER + 'server.tool("find", { q: z.union([z.string(), z.array(z.string())]) },' \
                    ' async () => ({ content: [] }));\n'
    found = lint(server, text)
    assert ("list-as-text", "warning", "z.union([z.string(), z.array(z.string())])") in found


def test_hidden_constraints_are_reported_at_the_call(tmp_path: Path) -> None:
    server = project(tmp_path) / "server.ts"
    text = HEADER + ('server.tool("even", { n: z.number().refine((n) => n % 2 === 0) }, '
                     'async () => ({ content: [] }));\n')
    found = lint(server, text)
    hidden = [f for f in found if f[0] == "hidden-constraint"]
    assert hidden == [("hidden-constraint", "information",
                       "z.number().refine((n) => n % 2 === 0)")]


def test_what_cannot_be_derived_is_unknown_schema_with_the_reason(tmp_path: Path) -> None:
    server = project(tmp_path) / "server.ts"
    text = HEADER + ('import { Shape } from "some-package";\n'
                     'server.tool("ext", { s: Shape }, async () => ({ content: [] }));\n')
    path = server
    path.write_text(text)
    result = lint_text(text, str(path), Settings())
    unknown = [f for f in result.findings if f.rule == "unknown-schema"]
    assert len(unknown) == 1
    assert "`Shape` comes from the package `some-package`" in unknown[0].message
    assert text[unknown[0].span[0]:unknown[0].span[1]] == "Shape"
    assert not [f for f in result.findings if f.rule not in ("unknown-schema",)]


def test_a_suppression_comment_silences_the_finding_on_its_line(tmp_path: Path) -> None:
    server = project(tmp_path) / "server.ts"
    text = HEADER + ('server.tool("find", {\n'
                     '  // portlint: ignore[list-as-text]\n'
                     '  q: z.union([z.string(), z.array(z.string())]),\n'
                     '}, async () => ({ content: [] }));\n')
    assert [f for f in lint(server, text) if f[0] in ("list-as-text", "unused-suppression")] \
        == []


def test_an_unused_suppression_is_reported(tmp_path: Path) -> None:
    server = project(tmp_path) / "server.ts"
    text = HEADER + ('server.tool("x", { a: z.string() }, async () => ({ content: [] }));'
                     ' // portlint: ignore[list-as-text]\n')
    found = lint(server, text)
    assert [f[:2] for f in found if f[0] == "unused-suppression"] == [
        ("unused-suppression", "warning")]


def test_typescript_that_registers_no_tool_stays_silent(tmp_path: Path) -> None:
    path = tmp_path / "util.ts"
    assert lint(path, "export const add = (a: number, b: number) => a + b;\nfoo(\n") == []


def test_a_broken_server_module_is_a_parse_error(tmp_path: Path) -> None:
    server = project(tmp_path) / "server.ts"
    text = HEADER + 'server.tool("x", { a: z.string() }, async () => ({ content: [] })\n'
    found = lint(server, text)
    assert [f[:2] for f in found] == [("parse-error", "error")]


def test_a_zod_3_project_on_sdk_1_uses_zod_to_json_schema(tmp_path: Path) -> None:
    server = project(tmp_path, zod="3.25.76") / "server.ts"
    text = HEADER + 'server.tool("x", { a: z.string().optional() }, async () => ({content: []}));'
    server.write_text(text)
    [tool] = analyze(text, server).tools
    assert tool.entry == {"name": "x", "inputSchema": {
        "type": "object", "properties": {"a": {"type": "string"}},
        "additionalProperties": False, "$schema": "http://json-schema.org/draft-07/schema#"},
        "execution": {"taskSupport": "forbidden"}}


def test_a_zod_4_project_on_sdk_1_uses_to_json_schema_with_draft_7(tmp_path: Path) -> None:
    server = project(tmp_path, zod="4.6.7") / "server.ts"
    text = HEADER + 'server.tool("x", { a: z.string().optional() }, async () => ({content: []}));'
    server.write_text(text)
    [tool] = analyze(text, server).tools
    assert tool.entry is not None
    assert json.dumps(tool.entry["inputSchema"]) == json.dumps({
        "$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
        "properties": {"a": {"type": "string"}}})


@pytest.mark.parametrize("zod", ["4.0.17", "4.1.13", "4.3.6", "4.5.4"])
def test_a_zod_4_older_than_the_reproduced_line_is_unknown_schema(tmp_path: Path,
                                                                  zod: str) -> None:
    server = project(tmp_path, zod=zod) / "server.ts"
    text = HEADER + 'server.tool("x", { a: z.string() }, async () => ({content: []}));'
    server.write_text(text)
    result = lint_text(text, str(server), Settings())
    [unknown] = [f for f in result.findings if f.rule == "unknown-schema"]
    assert f"Zod {zod}'s `toJSONSchema`" in unknown.message
    assert "4.6 and later" in unknown.message
    assert text[unknown.span[0]:unknown.span[1]] == "z"  # the first use of the Zod import
    assert [f.rule for f in result.findings] == ["unknown-schema"]


def test_an_old_sdk_has_no_execution_field_and_no_title(tmp_path: Path) -> None:
    server = project(tmp_path, sdk="1.12.0", zod="3.23.8") / "server.ts"
    text = HEADER + ('server.registerTool("x", { title: "X", inputSchema: { a: z.string() } },'
                     ' async () => ({content: []}));')
    server.write_text(text)
    [tool] = analyze(text, server).tools
    assert tool.entry is not None and list(tool.entry) == ["name", "inputSchema"]


def test_versions_come_from_the_lockfiles(tmp_path: Path) -> None:
    (tmp_path / "package.json").write_text(json.dumps(
        {"dependencies": {"@modelcontextprotocol/sdk": "^1.17.0", "zod": "^3.23.8"}}))
    assert Project(tmp_path).installed["zod"].version == "3.999.0"
    (tmp_path / "pnpm-lock.yaml").write_text(textwrap.dedent("""\
        lockfileVersion: '9.0'
        importers:
          .:
            dependencies:
              '@modelcontextprotocol/sdk':
                specifier: ^1.17.0
                version: 1.17.5
              zod:
                specifier: ^3.23.8
                version: 3.24.1
        """))
    found = Project(tmp_path).installed
    assert found["zod"].version == "3.24.1" and found["zod"].source == "lockfile"
    assert found["@modelcontextprotocol/sdk"].version == "1.17.5"
    (tmp_path / "pnpm-lock.yaml").unlink()
    (tmp_path / "yarn.lock").write_text('"zod@^3.23.8":\n  version "3.22.4"\n  resolved "x"\n')
    assert Project(tmp_path).installed["zod"].version == "3.22.4"


@pytest.mark.parametrize(("spec", "version"), [
    ("1.17.5", "1.17.5"), ("^1.17.0", "1.999.0"), ("~3.22.0", "3.22.999"),
    ("^3.25 || ^4.0", "4.999.0"), (">=1.10", "1.999.0")])
def test_a_range_stands_for_its_newest_release(spec: str, version: str) -> None:
    assert newest_allowed(spec) == version


def test_hover_on_the_tool_name_shows_what_is_advertised(tmp_path: Path) -> None:
    server = project(tmp_path) / "server.ts"
    text = HEADER + 'server.tool("hovered", { a: z.number() }, async () => ({ content: [] }));'
    server.write_text(text)
    offset = text.index('"hovered"') + 2
    preview = typescript_preview(text, offset, server)
    assert preview is not None
    markdown, span = preview
    assert markdown.startswith("**Tool `hovered`** as advertised by @modelcontextprotocol/sdk "
                               "1.32.2")
    assert '"type": "number"' in markdown
    assert text[span[0]:span[1]] == '"hovered"'
    assert typescript_preview(text, 0, server) is None


def test_schemas_imported_from_other_files_are_found_at_the_import_use(tmp_path: Path) -> None:
    root = project(tmp_path)
    (root / "schemas.ts").write_text(
        'import { z } from "zod";\nexport const Q = z.union([z.string(), z.array(z.string())]);\n')
    server = root / "server.ts"
    text = HEADER + ('import { Q } from "./schemas.js";\n'
                     'server.tool("imp", { q: Q }, async () => ({ content: [] }));\n')
    found = lint(server, text)
    assert ("list-as-text", "warning", "Q") in found


def test_directories_are_searched_for_typescript_files(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "server.ts").write_text("x")
    (tmp_path / "node_modules").mkdir()
    (tmp_path / "node_modules" / "dep.js").write_text("x")
    assert [c.path.name for c in candidates([str(tmp_path)])] == ["server.ts"]
