"""JavaScript that TypeScript's grammar refuses: a minifier's ``new as(...)``, a sloppy script's
``var interface``, ``c?.5:1``. Such a file is read as JavaScript reads it (syntax.py: the
JavaScript grammar decides, the TSX tree of what it means is used), its tools derived as from the
file without the construct; a file JavaScript refuses too keeps TypeScript's parse-error, and a
TypeScript file keeps every error TypeScript reports."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from portlint.cli.main import main
from portlint.linter import lint_text
from portlint.settings import Settings
from portlint.typescript import syntax
from portlint.typescript.reader import analyze
from portlint.typescript.syntax import Syntax, grammar_for, parse, parse_again

MODULE_HEADER = """import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";
"""
SCRIPT_HEADER = """const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");
const { z } = require("zod");
"""
ECHO = """const server = new McpServer({ name: "as-identifier", version: "1.0.0" });
server.registerTool("echo", { description: "Echo", inputSchema: { q: z.string() } }, async () => ({ content: [] }));
"""

# what the real server listed (tools/list of the G-parse-error-as-identifier reproduction, run
# with @modelcontextprotocol/sdk 1.32.2 and zod 3.25.76)
RECORDED_ECHO = {
    "name": "echo",
    "description": "Echo",
    "inputSchema": {
        "type": "object",
        "properties": {"q": {"type": "string"}},
        "required": ["q"],
        "additionalProperties": False,
        "$schema": "http://json-schema.org/draft-07/schema#",
    },
    "execution": {"taskSupport": "forbidden"},
}

# valid JavaScript (`node --check` accepts each in the file it is put in) that the TSX grammar
# does not parse
REFUSED_BY_TYPESCRIPT = {
    "new-as": "class as { constructor(o) { this.o = o; } }\n"
              "const made = new as({ get value() { return 1; } });\n",
    "minified-as": 'function ss(e,t){return new as({type:"prefault",innerType:e,'
                   'get defaultValue(){return e}})}\n',
    "new-satisfies": "function satisfies(o) { return o; }\n"
                     "const checked = new satisfies({ check() { return true; } });\n",
    "let-of": "for (let of of []) ;\n",
    "ternary-fraction": "const scale = (percent) => percent?.5:1;\n",
    "field-names": "class Field { accessor = 1; declare = 2; }\n",
}


def project(root: Path, module: bool = True) -> Path:
    manifest: dict[str, Any] = {"dependencies": {"@modelcontextprotocol/sdk": "1.32.2",
                                                 "zod": "3.25.76"}}
    if module:
        manifest["type"] = "module"
    (root / "package.json").write_text(json.dumps(manifest))
    (root / "package-lock.json").write_text(json.dumps({"packages": {
        "node_modules/@modelcontextprotocol/sdk": {"version": "1.32.2"},
        "node_modules/zod": {"version": "3.25.76"}}}))
    return root


def findings(path: Path, text: str) -> list[tuple[str, str, str, tuple[int, int], str]]:
    path.write_text(text)
    result = lint_text(text, str(path), Settings())
    return [(f.rule, f.severity.value, f.path, f.span, f.message) for f in result.findings]


def entries(path: Path, text: str) -> list[dict[str, Any] | None]:
    path.write_text(text)
    return [tool.entry for tool in analyze(text, path).tools]


def refused_by_tsx(text: str) -> bool:
    return Syntax(text, "tsx").first_error() is not None


def test_the_examples_are_refused_by_the_tsx_grammar_and_read_by_javascript() -> None:
    for construct in REFUSED_BY_TYPESCRIPT.values():
        assert refused_by_tsx(construct)
        read = Syntax(construct, "javascript")
        assert read.first_error() is None
        assert read.grammar == "tsx"  # the TSX tree of what JavaScript means


@pytest.mark.parametrize("construct", sorted(REFUSED_BY_TYPESCRIPT))
def test_a_server_with_javascript_typescript_refuses_derives_its_tools(
        tmp_path: Path, construct: str) -> None:
    server = project(tmp_path) / "server.js"
    plain = MODULE_HEADER + ECHO
    text = MODULE_HEADER + REFUSED_BY_TYPESCRIPT[construct] + ECHO
    assert refused_by_tsx(text)
    assert entries(server, text) == [RECORDED_ECHO]
    assert entries(server, plain) == [RECORDED_ECHO]
    assert findings(server, text) == []


def test_the_reproduction_lists_what_the_real_server_lists(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The G-parse-error-as-identifier reproduction: `schema` prints the recorded tool and
    `check` passes, where both stopped at a parse-error on line 9."""
    server = project(tmp_path) / "server.js"
    server.write_text(MODULE_HEADER + REFUSED_BY_TYPESCRIPT["new-as"] + ECHO
                      + "await server.connect(new StdioServerTransport());\n")
    assert main(["schema", str(server)]) == 0
    assert json.loads(capsys.readouterr().out)["tools"] == [RECORDED_ECHO]
    assert main(["check", str(server)]) == 0
    assert "parse-error" not in capsys.readouterr().out


def test_a_sloppy_script_may_name_a_variable_with_a_strict_mode_reserved_word(
        tmp_path: Path) -> None:
    server = project(tmp_path, module=False) / "server.cjs"
    text = SCRIPT_HEADER + "var interface = { x: 1 };\ninterface.x;\n" + ECHO
    assert refused_by_tsx(text)
    assert entries(server, text) == [RECORDED_ECHO]
    assert findings(server, text) == []


def test_the_names_read_are_the_files_own(tmp_path: Path) -> None:
    """The TSX parser reads `as` as `__` and `.5` as `10`; every node still reads and sits on
    the file's own text."""
    text = "const made = new as({ type: 1 });\nconst half = made?.5:1;\n"
    read = Syntax(text, "javascript")
    assert read.first_error() is None
    names = [read.source(n) for n in read.searched("variable_declarator")]
    assert names == ["made = new as({ type: 1 })", "half = made?.5:1"]
    constructor = read.root.named_children[0].named_children[0].child_by_field_name("value")
    assert constructor is not None and constructor.type == "new_expression"
    callee = constructor.child_by_field_name("constructor")
    assert callee is not None and callee.type == "identifier"
    assert read.source(callee) == "as" and read.span(callee) == (17, 19)
    ternary = read.root.named_children[1].named_children[0].child_by_field_name("value")
    assert ternary is not None and ternary.type == "ternary_expression"
    fraction = ternary.child_by_field_name("consequence")
    assert fraction is not None and fraction.type == "number"
    assert read.source(fraction) == ".5"


def test_offsets_count_code_points_in_a_file_read_as_javascript() -> None:
    text = 'const label = "é→😀";\nconst made = new as({ get v() { return "ü"; } });\n'
    assert refused_by_tsx(text)
    read = Syntax(text, "javascript")
    assert read.first_error() is None
    [_, made] = read.searched("variable_declarator")
    start, end = read.span(made)
    assert text[start:end] == 'made = new as({ get v() { return "ü"; } })'


def test_an_imported_javascript_module_typescript_refuses_is_read(tmp_path: Path) -> None:
    root = project(tmp_path)
    (root / "shapes.js").write_text('import { z } from "zod";\n'
                                    + REFUSED_BY_TYPESCRIPT["minified-as"]
                                    + "export const echoShape = { q: z.string() };\n")
    text = MODULE_HEADER + 'import { echoShape } from "./shapes.js";\n' + (
        'const server = new McpServer({ name: "as-identifier", version: "1.0.0" });\n'
        'server.registerTool("echo", { description: "Echo", inputSchema: echoShape },'
        " async () => ({ content: [] }));\n")
    server = root / "server.js"
    assert entries(server, text) == [RECORDED_ECHO]
    assert findings(server, text) == []


def test_a_parameter_default_is_the_default_not_an_outer_name(tmp_path: Path) -> None:
    """A tool name from a parameter with a default (`name = "inner"`) that the call leaves out
    is the default — never the outer `name` — and a destructured parameter defaulting to `{}`
    binds `undefined` (the tool has no title), in both grammars' trees."""
    server = project(tmp_path) / "server.js"
    body = ('const name = "outer";\n'
            'function register(s, name = "inner", { title } = {}) {\n'
            '  s.registerTool(name, { title, inputSchema: { q: z.string() } },'
            ' async () => ({ content: [] }));\n'
            '}\n'
            'function addEcho(s, { description = "Echo" } = {}) {\n'
            '  s.registerTool("echo", { description: "Echo", inputSchema: { q: z.string() } },'
            ' async () => ({ content: [] }));\n'
            '}\n'
            'const server = new McpServer({ name: "t", version: "1" });\n'
            'register(server);\naddEcho(server);\n')
    plain = MODULE_HEADER + body
    text = MODULE_HEADER + REFUSED_BY_TYPESCRIPT["new-as"] + body
    assert refused_by_tsx(text)
    assert findings(server, plain) == findings(server, text) == []
    # the echo tool's entry as the real SDK lists it, under the name given and no description
    inner = {key: value for key, value in RECORDED_ECHO.items() if key != "description"}
    inner["name"] = "inner"
    assert entries(server, text) == entries(server, plain) == [inner, RECORDED_ECHO]


def test_what_the_tsx_parser_cannot_read_is_read_in_the_javascript_grammars_tree(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A construct TypeScript's grammar lacks whatever the names (here: the rewrite left out):
    the JavaScript grammar's own tree, whose parameters carry no `required_parameter`."""
    monkeypatch.setattr(syntax, "_as_javascript_reads", lambda data, script: data)
    text = MODULE_HEADER + REFUSED_BY_TYPESCRIPT["new-as"] + (
        "function register(s, prefix, { title } = {}) {\n"
        '  s.registerTool("echo", { description: "Echo", inputSchema: { q: z.string() } },'
        " async () => ({ content: [] }));\n"
        "}\n"
        'const server = new McpServer({ name: "t", version: "1" });\n'
        'register(server, "x");\n')
    read = Syntax(text, "javascript")
    assert read.grammar == "javascript" and read.first_error() is None
    [register] = [n for n in read.root.named_children if n.type == "function_declaration"]
    parameters = register.child_by_field_name("parameters")
    assert parameters is not None
    assert [p.type for p in parameters.named_children] == [
        "identifier", "identifier", "assignment_pattern"]
    server = project(tmp_path) / "server.js"
    assert entries(server, text) == [RECORDED_ECHO]
    assert findings(server, text) == []


def test_a_parameter_default_in_the_javascript_grammars_tree(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`name = "inner"` (the JavaScript grammar's `assignment_pattern`) is the parameter, not the
    outer `name`: the tool's name is known only when the function is called."""
    monkeypatch.setattr(syntax, "_as_javascript_reads", lambda data, script: data)
    text = MODULE_HEADER + REFUSED_BY_TYPESCRIPT["new-as"] + (
        'const name = "outer";\n'
        'function register(s, name = "inner") {\n'
        '  s.registerTool(name, { inputSchema: { q: z.string() } },'
        ' async () => ({ content: [] }));\n'
        '}\n'
        'const server = new McpServer({ name: "t", version: "1" });\n'
        "register(server);\n")
    # the name is not read; the schemas, which do not depend on it, are derived (no `name`)
    [entry] = entries(project(tmp_path) / "server.js", text)
    assert entry is not None and "name" not in entry
    assert entry["inputSchema"]["properties"] == {"q": {"type": "string"}}


BROKEN = 'server.registerTool("echo", { inputSchema: { q: z.string() } }, async () => ({}))\n('


@pytest.mark.parametrize(("before", "error_from"), [
    ("", "server.registerTool"),
    (REFUSED_BY_TYPESCRIPT["minified-as"], "function ss"),  # TypeScript stops at the first line
])
def test_javascript_broken_in_both_grammars_keeps_typescripts_parse_error(
        tmp_path: Path, before: str, error_from: str) -> None:
    server = project(tmp_path) / "server.js"
    text = MODULE_HEADER + before + 'const server = new McpServer({ name: "t", version: "1" });\n' \
        + BROKEN
    assert Syntax(text, "javascript").first_error() is not None
    start = text.index(error_from)
    line = text.count("\n", 0, start) + 1
    # where the TSX grammar, all there was before, stops
    error = Syntax(text, "tsx").first_error()
    assert error is not None and (error.start_byte, error.end_byte) == (start, len(text))
    assert findings(server, text) == [
        ("parse-error", "error", "", (start, len(text)),
         f"TypeScript syntax error on line {line}")]


@pytest.mark.parametrize("suffix", [".ts", ".tsx", ".mts", ".cts"])
def test_typescript_refuses_new_as_in_a_typescript_file(tmp_path: Path, suffix: str) -> None:
    server = project(tmp_path) / f"server{suffix}"
    text = MODULE_HEADER + REFUSED_BY_TYPESCRIPT["new-as"] + ECHO
    start = text.index("as({ get value")
    end = text.index(";\n", start)
    assert text[start:end] == "as({ get value() { return 1; } })"
    assert findings(server, text) == [
        ("parse-error", "error", "", (start, end), "TypeScript syntax error on line 5")]


def test_a_file_the_tsx_grammar_parses_keeps_its_tsx_tree() -> None:
    text = ("const type = 1;\ntype\n(2);\nconst n = a < b > (c);\n"
            "const card = (name) => <b>{name}</b>;\n")
    read = Syntax(text, "javascript")
    assert read.grammar == "tsx"
    assert str(read.root) == str(Syntax(text, "tsx").root)


def test_each_suffix_has_its_grammar() -> None:
    assert [grammar_for(f"a{s}") for s in (".ts", ".mts", ".cts", ".tsx", ".js", ".mjs",
                                           ".cjs", ".jsx", ".JS")] == [
        "typescript", "typescript", "typescript", "tsx", "javascript", "javascript",
        "javascript", "javascript", "javascript"]


def test_suppressions_are_read_from_the_tree_the_tools_came_from(tmp_path: Path) -> None:
    server = project(tmp_path) / "server.js"
    text = MODULE_HEADER + REFUSED_BY_TYPESCRIPT["new-as"] + (
        'const server = new McpServer({ name: "t", version: "1" });\n'
        'server.tool("find", {\n'
        "  // portlint: ignore[list-as-text]\n"
        "  q: z.union([z.string(), z.array(z.string())]),\n"
        "}, async () => ({ content: [] }));\n")
    assert findings(server, text) == []
    assert parse_again(text) is parse(text, "javascript")
