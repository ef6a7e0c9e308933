"""TypeScript servers through the whole pipeline: findings at the Zod expression, the sources'
own findings (unknown-schema, hidden-constraint, parse-error), suppressions, silence on files that
register no tool, the SDK and Zod chosen from the project, hover, discovery."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from portlint.cli.discover import candidates
from portlint.cli.main import main
from portlint.linter import lint_text
from portlint.readers import format_by_suffix, reader_for
from portlint.settings import Settings
from portlint.source.document import ReadRequest
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


def test_a_raw_shape_of_registertool_under_an_old_zod_4_says_why(tmp_path: Path) -> None:
    server = project(tmp_path, zod="4.3.6") / "server.ts"
    text = HEADER + ('server.registerTool("x", { inputSchema: { a: z.string() } },'
                     ' async () => ({content: []}));')
    server.write_text(text)
    result = lint_text(text, str(server), Settings())
    [unknown] = result.findings
    assert unknown.rule == "unknown-schema"
    assert "Zod 4.3.6's `toJSONSchema` orders keys" in unknown.message  # not "no raw shape"
    assert text[unknown.span[0]:unknown.span[1]] == "z"


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
    preview = reader_for("typescript").preview(text, offset, ReadRequest(str(server)))
    assert preview is not None
    markdown, span = preview
    assert markdown.startswith("**Tool `hovered`** as advertised by @modelcontextprotocol/sdk "
                               "1.32.2")
    assert '"type": "number"' in markdown
    assert text[span[0]:span[1]] == '"hovered"'
    assert reader_for("typescript").preview(text, 0, ReadRequest(str(server))) is None


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


def test_schema_prints_what_the_server_lists_and_the_releases_it_follows(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    server = project(tmp_path) / "server.ts"
    server.write_text(HEADER + (
        'server.tool("find", "Find.", { q: z.string().max(5) }, async () => ({ content: [] }));\n'
        'import { Shape } from "some-package";\n'
        'server.tool("ext", { s: Shape }, async () => ({ content: [] }));\n'))
    assert main(["schema", str(server)]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document == {
        "tools": [
            {"name": "find", "description": "Find.", "inputSchema": {
                "type": "object", "properties": {"q": {"type": "string", "maxLength": 5}},
                "required": ["q"], "additionalProperties": False,
                "$schema": "http://json-schema.org/draft-07/schema#"},
             "execution": {"taskSupport": "forbidden"}},
            {"name": "ext", "unknown": "`Shape` comes from the package `some-package`, whose "
                                       "source portlint does not read"}],
        "models": {},
        "framework": "@modelcontextprotocol/sdk 1.32.2",
        "assumed": {"@modelcontextprotocol/sdk": {"version": "1.32.2",
                                                  "why": "read from the project's lockfile"},
                    "zod": {"version": "3.25.76", "why": "read from the project's lockfile"}}}
    assert main(["schema", str(server), "--tool", "find"]) == 0
    assert [t["name"] for t in json.loads(capsys.readouterr().out)["tools"]] == ["find"]


def test_schema_searches_a_directory_beside_python_but_not_compiled_output(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = project(tmp_path)
    text = HEADER + 'server.tool("one", {}, async () => ({ content: [] }));\n'
    (root / "src").mkdir()
    (root / "src" / "server.ts").write_text(text)
    (root / "dist").mkdir()
    (root / "dist" / "server.js").write_text(text)
    (root / "node_modules").mkdir()
    (root / "node_modules" / "dep.js").write_text(text)
    (root / "util.ts").write_text("export const x = 1;\n")
    assert main(["schema", str(root)]) == 0
    assert [t["name"] for t in json.loads(capsys.readouterr().out)["tools"]] == ["one"]


def test_a_broken_server_module_fails_schema_with_the_syntax_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    server = project(tmp_path) / "server.ts"
    server.write_text(HEADER + 'server.tool("x", { a: z.string() }, async () => ({}))\n(')
    assert main(["schema", str(server)]) == 2
    assert "TypeScript syntax error on line 4" in capsys.readouterr().err


def test_a_tsx_module_is_read_with_jsx_in_it(tmp_path: Path) -> None:
    server = project(tmp_path) / "server.tsx"
    text = HEADER + ('const card = (name: string) => <div className="card">{name}</div>;\n'
                     'server.tool("find", { q: z.union([z.string(), z.array(z.string())]) },'
                     ' async () => ({ content: [] }));\n')
    found = lint(server, text)
    assert ("list-as-text", "warning", "z.union([z.string(), z.array(z.string())])") in found
    assert not [f for f in found if f[0] in ("parse-error", "unknown-schema")]
    assert "server.tsx" in [c.path.name for c in candidates([str(tmp_path)])]


LIST = 'server.tool("find", { q: z.union([z.string(), z.array(z.string())]) }, async () => ' \
       '({ content: [] }));\n'


@pytest.mark.parametrize(("suffix", "extra"), [
    (".ts", "const n = <number>JSON.parse(\"1\");\n"),  # a cast: no JSX here
    (".mts", "const n = <number>JSON.parse(\"1\");\n"),
    (".cts", "const n = <number>JSON.parse(\"1\");\n"),
    (".tsx", "const card = (name: string) => <div>{name}</div>;\n"),
    (".js", "const card = (name) => <div className=\"card\">{name}</div>;\n"),
    (".jsx", "const card = (name) => <div className=\"card\">{name}</div>;\n"),
    (".mjs", "const card = (name) => <b>{name}</b>;\n"),
    (".cjs", "const card = (name) => <b>{name}</b>;\n"),
])
def test_every_typescript_and_javascript_suffix_is_read_in_its_dialect(
        tmp_path: Path, suffix: str, extra: str) -> None:
    """Each suffix the reader handles is linted, found in a directory run, and parsed as
    TypeScript parses it: JSX in JavaScript files and .tsx, `<T>x` casts elsewhere."""
    server = project(tmp_path) / f"server{suffix}"
    found = lint(server, HEADER + extra + LIST)
    assert ("list-as-text", "warning", "z.union([z.string(), z.array(z.string())])") in found
    assert not [f for f in found if f[0] in ("parse-error", "unknown-schema")]
    assert [c.path.name for c in candidates([str(tmp_path)])
            if not c.path.name.endswith(".json")] == [f"server{suffix}"]
    assert format_by_suffix(server.name) == "typescript"


def test_without_a_known_zod_the_schema_is_unknown_not_guessed(tmp_path: Path) -> None:
    (tmp_path / "package.json").write_text(json.dumps(
        {"dependencies": {"@modelcontextprotocol/sdk": "^1.24.0"}}))
    server = tmp_path / "server.ts"
    text = HEADER + 'server.tool("x", { a: z.string() }, async () => ({ content: [] }));\n'
    server.write_text(text)
    result = lint_text(text, str(server), Settings())
    [unknown] = [f for f in result.findings if f.rule == "unknown-schema"]
    assert "which Zod the project installs is not known" in unknown.message
    assert text[unknown.span[0]:unknown.span[1]] == "z"
    assert [f.rule for f in result.findings] == ["unknown-schema"]


def test_an_sdk_before_1_23_implies_its_own_zod_3(tmp_path: Path) -> None:
    (tmp_path / "package.json").write_text(json.dumps(
        {"dependencies": {"@modelcontextprotocol/sdk": "1.17.5"}}))
    server = tmp_path / "server.ts"
    text = HEADER + 'server.tool("x", { a: z.string() }, async () => ({ content: [] }));\n'
    server.write_text(text)
    [tool] = analyze(text, server).tools
    assert tool.unknown == [] and tool.entry is not None
    assert tool.entry["inputSchema"]["additionalProperties"] is False  # zod-to-json-schema


def test_the_installed_package_is_read_when_there_is_no_lockfile(tmp_path: Path) -> None:
    (tmp_path / "package.json").write_text(json.dumps(
        {"dependencies": {"@modelcontextprotocol/sdk": "^1.24.0", "zod": "^3.23.8"}}))
    (tmp_path / "node_modules" / "zod").mkdir(parents=True)
    (tmp_path / "node_modules" / "zod" / "package.json").write_text(
        json.dumps({"name": "zod", "version": "4.6.7"}))
    found = Project(tmp_path).installed
    assert found["zod"] == ("4.6.7", "node_modules")
    assert found["@modelcontextprotocol/sdk"] == ("1.999.0", "package.json")


HOSTILE = """import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { execSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { Shape } from "./shape.js";
writeFileSync(MARKER, "ran");
execSync("touch " + MARKER);
await fetch("http://127.0.0.1:9/");
const server = new McpServer({ name: "t", version: "1" });
server.tool("greet", { who: Shape }, async () => ({ content: [] }));
"""


def test_reading_a_hostile_server_runs_none_of_it(tmp_path: Path) -> None:
    (tmp_path / "ws").mkdir()
    workspace = project(tmp_path / "ws")
    marker = tmp_path / "ran"
    (workspace / "server.ts").write_text(HOSTILE.replace("MARKER", json.dumps(str(marker))))
    (workspace / "shape.ts").write_text(
        'import { z } from "zod";\nrequire("child_process").execSync("touch "'
        f' + {json.dumps(str(marker))});\nexport const Shape = z.string();\n')
    isolated = Path(__file__).parents[1] / "robustness" / "isolated_run.py"
    proc = subprocess.run([sys.executable, str(isolated), str(workspace)], capture_output=True,
                          text=True, timeout=120)
    assert proc.stdout.strip().splitlines()[-1] == "CLEAN", proc.stdout + proc.stderr
    assert not marker.exists()
    [tool] = analyze((workspace / "server.ts").read_text(), workspace / "server.ts").tools
    assert tool.entry is not None and tool.entry["inputSchema"]["properties"] == {
        "who": {"type": "string"}}


LOW_LEVEL = """import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
const S = z.object({ q: z.union([z.string(), z.array(z.string())]) });
const server = new Server({ name: "t", version: "1" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{ name: "a", inputSchema: z.toJSONSchema(S, OPTIONS) }],
}));
"""


def test_to_json_schema_in_a_low_level_handler_is_read_at_the_zod_expression(
        tmp_path: Path) -> None:
    server = project(tmp_path, zod="4.6.7") / "server.ts"
    found = lint(server, LOW_LEVEL.replace("OPTIONS", '{ io: "input" }'))
    assert ("list-as-text", "warning", "z.union([z.string(), z.array(z.string())])") in found
    assert not [f for f in found if f[0] == "unknown-schema"]


@pytest.mark.parametrize(("options", "reason"), [
    ("{ override: (ctx) => {} }", "`toJSONSchema`'s option `override` as written here"),
    ('{ target: "openapi-3.0" }', "`toJSONSchema`'s option `target` as written here"),
    ("opts", "`opts` is not declared in this file")])
def test_to_json_schema_options_it_cannot_reproduce_are_unknown_schema(
        tmp_path: Path, options: str, reason: str) -> None:
    server = project(tmp_path, zod="4.6.7") / "server.ts"
    [tool] = analyze(LOW_LEVEL.replace("OPTIONS", options), server).tools
    assert tool.entry is None and tool.unknown[0][0] == reason


@pytest.mark.parametrize("zod", ["3.25.76", "4.6.7"])
@pytest.mark.parametrize(("expression", "message"), [
    ("z.string().refine((s) => s.length > 2)", "`.refine()` applies a rule"),
    ("z.string().superRefine((s, ctx) => {})", "`.superRefine()` applies a rule"),
    ("z.string().transform((s) => s.trim())", "`.transform()` changes the value"),
    ("z.string().pipe(z.string().email())", "`.pipe()` checks the value"),
    ("z.preprocess((v) => String(v), z.string())", "preprocess"),
    ("z.coerce.number()", "coerce")])
def test_every_hidden_constraint_is_reported_at_its_expression(
        tmp_path: Path, zod: str, expression: str, message: str) -> None:
    server = project(tmp_path, zod=zod) / "server.ts"
    text = HEADER + f'server.tool("x", {{ a: {expression} }}, async () => ({{ content: [] }}));\n'
    server.write_text(text)
    result = lint_text(text, str(server), Settings())
    [hidden] = [f for f in result.findings if f.rule == "hidden-constraint"]
    assert text[hidden.span[0]:hidden.span[1]] == expression
    assert message in hidden.message
    assert hidden.severity.value == "information"


# Each literal (as written in the source, "\r" a raw carriage return) and the value Node 20
# gives it: `node file.mjs` printing JSON.stringify of each, recorded 2026-12-01.
TEMPLATES_AND_NODE_VALUES = [
    ("`a\\nb`", "a\nb"),
    ("`\\u0041\\x42\\u{43}`", "ABC"),
    ("`l1\r\nl2\rl3`", "l1\nl2\nl3"),
    ("`x${n}\\ty\\u0041`", "x1\tyA"),
    ("`\\uD83D\\uDE00`", "\U0001F600"),
    ("`a\\\r\nb`", "ab"),
    ("`p${n}\r\nq`", "p1\nq"),
    ("`q\\q`", "qq"),
]


@pytest.mark.parametrize(("literal", "value"), TEMPLATES_AND_NODE_VALUES)
def test_template_literals_have_the_value_javascript_gives_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], literal: str, value: str) -> None:
    server = project(tmp_path) / "server.ts"
    with open(server, "w", newline="") as handle:  # the raw line breaks kept as written
        handle.write(HEADER + "const n = 1;\n" + f"server.tool({literal}, {literal}, "
                     "{ q: z.string().describe(" + literal + ") }, async () => "
                     "({ content: [] }));\n")
    assert main(["schema", str(server)]) == 0
    tool = json.loads(capsys.readouterr().out)["tools"][0]
    assert (tool["name"], tool["description"]) == (value, value)
    assert tool["inputSchema"]["properties"]["q"]["description"] == value


def test_a_template_escape_naming_no_code_point_is_unknown_not_copied(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    server = project(tmp_path) / "server.ts"
    server.write_text(HEADER + "const n = 1;\n" + 'server.tool("t", `a${n}\\u{110000}`, '
                      "{ q: z.string() }, async () => ({ content: [] }));\n")
    main(["schema", str(server)])
    tool = json.loads(capsys.readouterr().out)["tools"][0]
    assert "description" not in tool
    assert tool.get("unknown", "").startswith("a string JavaScript refuses")


@pytest.mark.parametrize(("name", "said"), [
    ("PREFIX + \"find\"", "a `+` expression (`process` is JavaScript's own: what is made "
                           "with it is known only at run time)"),
    ("`${PREFIX}find`", "a template string with a value known only at run time"),
])
def test_a_computed_tool_name_leaves_the_schemas_derived_and_linted(
        tmp_path: Path, name: str, said: str) -> None:
    # what the server calls the tool depends on its configuration; its schemas do not: they
    # are what the same registration under a literal name advertises (held to the SDKs by the
    # oracle cases), without a `name`, and no tool-name rule speaks about a guessed name
    server = project(tmp_path) / "server.ts"
    tool = ('server.registerTool({name}, {{ description: "Find.", inputSchema: {{ q: '
            'z.union([z.string(), z.array(z.string())]) }} }}, async () => ({{ content: [] }}));\n')
    head = HEADER + "const PREFIX = process.env.PREFIX ?? \"\";\n"
    computed = head + tool.format(name=name)
    written = head + tool.format(name='"my find"')
    server.write_text(computed)
    [derived] = analyze(computed, server).tools
    [literal] = analyze(written, server).tools
    assert derived.entry is not None and literal.entry is not None
    assert derived.entry == {k: v for k, v in literal.entry.items() if k != "name"}
    assert derived.name_unread == said
    result = lint_text(computed, str(server), Settings())
    assert [(f.rule, computed[f.span[0]:f.span[1]], f.message) for f in result.findings] == [
        ("unknown-schema", name, f"The name of a tool is not read ({said}). Its schemas are "
         "derived and linted; the tool-name rules are not applied to it."),
        ("list-as-text", "z.union([z.string(), z.array(z.string())])",
         result.findings[1].message)]
    assert [f.rule for f in lint_text(written, str(server), Settings()).findings] == [
        "tool-name", "list-as-text"]


def test_a_computed_name_of_a_low_level_tool_leaves_its_schema_linted(tmp_path: Path) -> None:
    server = project(tmp_path) / "server.ts"
    text = ('import { Server } from "@modelcontextprotocol/sdk/server/index.js";\n'
            'import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n'
            'const server = new Server({ name: "t", version: "1" }, { capabilities: { tools: {} } });\n'
            'const PREFIX = process.env.PREFIX ?? "";\n'
            'server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [\n'
            '  { name: PREFIX + "find", inputSchema: { type: "object", properties: '
            '{ q: { type: "dict" } } } },\n'
            ']}));\n')
    server.write_text(text)
    [tool] = analyze(text, server).tools
    assert tool.entry == {"inputSchema": {"type": "object", "properties": {
        "q": {"type": "dict"}}}}
    result = lint_text(text, str(server), Settings())
    assert [(f.rule, text[f.span[0]:f.span[1]]) for f in result.findings] == [
        ("unknown-schema", 'PREFIX + "find"'), ("invalid-schema", '"dict"')]


def test_a_tools_list_computed_by_a_low_level_handler_is_said_for_all_it_lists(
        tmp_path: Path) -> None:
    # @hubspot/mcp-server: `tools: getTools()` stands for every tool the server lists
    server = project(tmp_path) / "server.ts"
    text = ('import { Server } from "@modelcontextprotocol/sdk/server/index.js";\n'
            'import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";\n'
            'import { getTools } from "./tools.js";\n'
            'const server = new Server({ name: "t", version: "1" }, { capabilities: { tools: {} } });\n'
            'server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: getTools() }));\n')
    server.write_text(text)
    [finding] = lint_text(text, str(server), Settings()).findings
    assert (finding.rule, text[finding.span[0]:finding.span[1]]) == ("unknown-schema",
                                                                       "getTools")
    assert finding.message.startswith(
        "The schemas of the tools this handler lists cannot be derived statically: ")


def test_annotations_spread_in_at_run_time_leave_the_schemas_derived(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # `...(readOnly && { annotations })` in the configuration: the annotations are set or not
    # at run time; the schemas do not depend on them (the whole tool was unknown)
    server = project(tmp_path) / "server.ts"
    text = HEADER + ('const annotations = process.env.RO ? { readOnlyHint: true } : undefined;\n'
                     'server.registerTool("find", { description: "Find.", inputSchema: { q: '
                     'z.union([z.string(), z.array(z.string())]) }, ...(annotations && '
                     '{ annotations }) }, async () => ({ content: [] }));\n')
    server.write_text(text)
    result = lint_text(text, str(server), Settings())
    spread = "...(annotations && { annotations })"
    assert [(f.rule, text[f.span[0]:f.span[1]], f.message) for f in result.findings] == [
        ("list-as-text", "z.union([z.string(), z.array(z.string())])",
         result.findings[0].message),
        ("unknown-schema", spread, "The `annotations` of tool `find` cannot be read statically "
         "(`(annotations && { annotations })`, set or not at run time); left out. Its schemas "
         "are derived and linted.")]
    assert main(["schema", str(server)]) == 0
    [tool] = json.loads(capsys.readouterr().out)["tools"]
    assert (tool["name"], tool["unknown"], "annotations" in tool) == (
        "find", "the tool's `annotations` is not read (`(annotations && { annotations })`, set "
        "or not at run time): left out", False)
    # a schema set by such a spread stays unknown: it may or may not be there
    text = text.replace("...(annotations && { annotations })",
                        "...(annotations && { outputSchema: { n: z.number() } })")
    [tool_decl] = analyze(text, server).tools
    assert tool_decl.entry is None and tool_decl.unknown
