"""The `fastmcp` npm framework's tools (`server.addTool({...})` on a `new FastMCP(...)`): what
the oracle does not show — the releases and Zod versions portlint does not derive, tools it
cannot read, where findings land. Their schemas are held to the real servers by the oracle's
`fastmcp*` environments (test_oracle.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.cli.main import main
from portlint.linter import lint_text
from portlint.settings import Settings

HEADER = ('import { FastMCP } from "fastmcp";\nimport { z } from "zod";\n'
          'const server = new FastMCP({ name: "x", version: "1.0.0" });\n')


def _project(root: Path, fastmcp: str = "4.20.16", zod: str = "4.6.7") -> Path:
    (root / "package.json").write_text(json.dumps(
        {"dependencies": {"fastmcp": fastmcp, "zod": zod}}))
    (root / "package-lock.json").write_text(json.dumps({"packages": {
        "node_modules/fastmcp": {"version": fastmcp}, "node_modules/zod": {"version": zod}}}))
    return root / "server.ts"


def _findings(path: Path, body: str) -> list[tuple[str, str, str]]:
    text = HEADER + body
    path.write_text(text)
    result = lint_text(text, str(path), Settings())
    return [(f.rule, text[f.span[0]:f.span[1]], f.message) for f in result.findings]


def _schema(path: Path, body: str, capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    path.write_text(HEADER + body)
    main(["schema", str(path)])
    tools: list[dict[str, object]] = json.loads(capsys.readouterr().out)["tools"]
    return tools


def test_a_tool_is_listed_as_the_release_lists_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    body = ('server.addTool({ execute: async () => "", timeoutMs: 10, name: "find", '
            'parameters: z.object({ q: z.string(), deep: z.object({ a: z.number() }) }), '
            'annotations: { readOnlyHint: true } });\n')
    [tool] = _schema(_project(tmp_path), body, capsys)
    assert json.dumps(tool) == json.dumps({
        "annotations": {"readOnlyHint": True},
        "inputSchema": {
            "$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
            "properties": {"q": {"type": "string"}, "deep": {
                "type": "object", "properties": {"a": {"type": "number"}}, "required": ["a"],
                "additionalProperties": False}},
            "required": ["q", "deep"], "additionalProperties": False},
        "name": "find"})


def test_the_output_schema_is_closed_only_by_the_releases_that_closed_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    body = ('server.addTool({ name: "n", outputSchema: z.object({ a: z.string() }), '
            'execute: async () => "" });\n')
    closed = _schema(_project(tmp_path, fastmcp="4.20.10"), body, capsys)[0]["outputSchema"]
    kept = _schema(_project(tmp_path, fastmcp="4.20.11"), body, capsys)[0]["outputSchema"]
    assert closed == {**kept, "additionalProperties": False}  # type: ignore[dict-item]
    assert "additionalProperties" not in kept  # type: ignore[operator]


@pytest.mark.parametrize(("fastmcp", "zod", "reason"), [
    ("3.33.0", "4.6.7", "a tool of fastmcp 3.33.0, a release before 3.34.0 whose lists portlint "
                        "has not recorded"),
    ("4.20.16", "3.23.8", "Zod 3.23.8 does not implement Standard Schema, which fastmcp "
                          "requires (it throws when the tool is added)"),
])
def test_releases_portlint_has_not_recorded_are_reported(
        tmp_path: Path, fastmcp: str, zod: str, reason: str) -> None:
    path = _project(tmp_path, fastmcp, zod)
    found = _findings(path, 'server.addTool({ name: "find", parameters: z.object({ q: '
                            'z.string() }), execute: async () => "" });\n')
    assert len(found) == 1
    rule, _, message = found[0]
    assert (rule, message) == (
        "unknown-schema", f"The schema of tool `find` cannot be derived statically: {reason}.")


def test_what_cannot_be_read_is_said_where_it_is_written(tmp_path: Path) -> None:
    path = _project(tmp_path)
    found = _findings(path, (
        'const add = (tool) => server.addTool(tool);\n'
        'server.addTool({ name: "raw", parameters: { q: z.string() }, execute: async () => "" });\n'
        'server.addTool({ description: "nameless", execute: async () => "" });\n'))
    assert found == [
        ("unknown-schema", "tool", "The schema of a tool cannot be derived statically: `tool` "
         "is a parameter, known only when the function is called."),
        ("unknown-schema", "{ q: z.string() }", "The schema of tool `raw` cannot be derived "
         "statically: fastmcp takes a schema (`z.object({...})`), not a raw shape of fields."),
        ("unknown-schema", 'server.addTool({ description: "nameless", execute: async () => "" })',
         "The schema of a tool cannot be derived statically: the tool has no `name`.")]


def test_a_finding_lands_on_the_zod_expression_and_a_computed_name_keeps_the_schema_linted(
        tmp_path: Path) -> None:
    path = _project(tmp_path)
    found = _findings(path, 'server.addTool({ name: PREFIX + "find", parameters: z.object({ '
                            'q: z.union([z.string(), z.array(z.string())]) }), '
                            'execute: async () => "" });\n')
    assert [(rule, where) for rule, where, _ in found] == [
        ("unknown-schema", 'PREFIX + "find"'),
        ("list-as-text", "z.union([z.string(), z.array(z.string())])")]


def test_a_tool_added_again_replaces_the_earlier_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    body = ('server.addTool({ name: "a", description: "first", execute: async () => "" });\n'
            'server.addTool({ name: "b", execute: async () => "" });\n'
            'server.addTools([{ name: "a", description: "second", execute: async () => "" }]);\n')
    tools = _schema(_project(tmp_path), body, capsys)
    assert [(t["name"], t.get("description")) for t in tools] == [("b", None), ("a", "second")]


def test_a_function_handing_its_parameter_to_add_tool_gives_the_tools_of_its_calls(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # @brightdata/mcp: `const addTool = (tool) => { if (...) server.addTool(tool); ... }`
    body = ('const addTool = (tool) => {\n'
            '  if (process.env.PRO) { server.addTool(tool); return; }\n'
            '  if (tool.name !== "hidden") server.addTool(tool);\n'
            '};\n'
            'function register(label, tool) { server.addTool(tool); }\n'
            'addTool({ name: "a", parameters: z.object({ q: z.string() }), execute: async () => "" });\n'
            'register("x", { name: "b", execute: async () => "" });\n'
            'for (const t of loaded) addTool(t);\n')
    tools = _schema(_project(tmp_path), body, capsys)
    assert [(t["name"], "inputSchema" in t, t.get("unknown")) for t in tools] == [
        ("a", True, None), ("b", True, None), ("?", False, "`t` is a loop variable, known only at run time")]


def test_a_function_adding_its_parameter_called_in_a_loop_gives_each_item(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # @brightdata/mcp's browser tools: `for (const tool of browser_tools) addTool(tool)`
    body = ('const addTool = (tool) => { server.addTool(tool); };\n'
            'const listed = [\n'
            '  { name: "one", execute: async () => "" },\n'
            '  { name: "two", parameters: z.object({ q: z.string() }), execute: async () => "" },\n'
            '];\n'
            'for (const tool of listed) addTool(tool);\n')
    tools = _schema(_project(tmp_path), body, capsys)
    assert [(t["name"], "inputSchema" in t, t.get("unknown")) for t in tools] == [
        ("one", True, None), ("two", True, None)]


@pytest.mark.parametrize(("loop", "reason"), [
    ("for (const { name, schema = fallback } of defs) server.addTool({ name, parameters: "
     "schema });\n", "`schema` is a loop variable, known only at run time"),
    ("try { load(); } catch (tool) { server.addTool(tool); }\n",
     "`tool` is a caught error, known only at run time"),
])
def test_a_value_bound_at_run_time_is_said_as_such(tmp_path: Path, loop: str,
                                                   reason: str) -> None:
    [(rule, _, message)] = _findings(_project(tmp_path), loop)
    assert rule == "unknown-schema" and message.startswith(
        f"The schema of a tool cannot be derived statically: {reason}")


def test_each_entry_of_add_tools_is_a_tool_of_its_own(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    body = 'server.addTools([1, { name: "ok", execute: async () => "" }, other]);\n'
    tools = _schema(_project(tmp_path), body, capsys)
    assert [(t["name"], t.get("unknown")) for t in tools] == [
        ("?", "the tool is not an object literal"), ("ok", None),
        ("?", "`other` is not declared in this file")]


def test_tools_added_on_a_parameter_in_a_module_of_a_fastmcp_project(tmp_path: Path) -> None:
    """metabase-mcp, google-docs-mcp: the server is made in one module and handed to functions
    of others that import only Zod; in a project that installs fastmcp, `addTool` on an untyped
    parameter with fastmcp's configuration (`name`, `execute`) adds a tool."""
    tools = _project(tmp_path).with_name("tools.js")
    tools.write_text(
        'import { z } from "zod";\n'
        "export function addTools(server) {\n"
        '  server.addTool({ name: "list_cards", description: "d", '
        "parameters: z.object({ f: z.string().optional() }), execute: async () => \"x\" });\n"
        "}\n"
        "export function other(cache) {\n"
        '  cache.addTool({ name: "not_a_tool" });\n'  # no `execute`: not fastmcp's
        "}\n")
    from portlint.typescript.reader import analyze

    found = analyze(tools.read_text(), tools).tools
    assert [(t.name, t.entry) for t in found] == [("list_cards", {
        "description": "d",
        "inputSchema": {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
                        "properties": {"f": {"type": "string"}},
                        "additionalProperties": False},
        "name": "list_cards"})]
