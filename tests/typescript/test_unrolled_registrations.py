"""A registration written once in a loop or a helper stands for one tool per value the code gives
it (tests/typescript/oracle/cases/loop-registration, loop-duplicate-names, fastmcp-loops and
v2-loops hold the derivations to the real servers): each is derived and linted, its findings
placed where its values are written. What cannot be known — a list computed at run time, a
helper the module never calls or exports, more values than portlint unrolls — is read once and
said."""

from __future__ import annotations

import json
import time
from pathlib import Path

from portlint.linter import lint_text
from portlint.settings import Settings
from portlint.typescript.reader import analyze
from portlint.typescript.unrolled import MAX_SETS

LIST = "z.union([z.string(), z.array(z.string())])"
HEADER = ('import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n'
          'import { z } from "zod";\n'
          'const server = new McpServer({ name: "s", version: "1.0.0" });\n')
DONE = "async () => ({ content: [] })"


def _project(root: Path) -> Path:
    versions = {"@modelcontextprotocol/sdk": "1.32.2", "zod": "3.25.76"}
    (root / "package.json").write_text(json.dumps({"dependencies": versions}))
    (root / "package-lock.json").write_text(json.dumps({"packages": {
        f"node_modules/{name}": {"version": version} for name, version in versions.items()}}))
    return root / "server.ts"


def _tools(path: Path, text: str) -> list[tuple[str, str | None]]:
    path.write_text(text)
    return [(t.name, t.unknown[0][0] if t.unknown else t.name_unread)
            for t in analyze(text, path).tools]


def _findings(path: Path, text: str) -> list[tuple[str, str, str, str]]:
    path.write_text(text)
    result = lint_text(text, str(path), Settings())
    return [(f.rule, f.severity.value, f.tool or "", text[f.span[0]:f.span[1]])
            for f in result.findings]


def test_a_loop_over_a_list_is_one_tool_per_item_with_findings_at_the_item(
        tmp_path: Path) -> None:
    text = (HEADER + "const tools = [\n"
            '  { name: "first", shape: { q: z.string() } },\n'
            f'  {{ name: "second", shape: {{ tags: {LIST} }} }},\n'
            "];\n"
            "for (const t of tools) {\n"
            f"  server.registerTool(t.name, {{ inputSchema: t.shape }}, {DONE});\n"
            "}\n")
    path = _project(tmp_path)
    assert _tools(path, text) == [("first", None), ("second", None)]
    assert _findings(path, text) == [("list-as-text", "warning", "second", LIST)]
    (second,) = [t for t in analyze(text, path).tools if t.name == "second"]
    assert text[second.name_span[0]:second.name_span[1]] == '"second"'
    assert second.entry is not None
    assert second.entry["inputSchema"]["properties"]["tags"] == {
        "anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}


def test_foreach_map_entries_and_keys_give_their_items(tmp_path: Path) -> None:
    text = (HEADER
            + '[{ name: "a", shape: { x: z.boolean() } }].forEach(({ name, shape }) => '
              f"server.tool(name, shape, {DONE}));\n"
            + '["b", "c"].map((n) => server.tool(n, { v: z.string() }, ' + DONE + "));\n"
            + 'const byName = { d: { inputSchema: { d: z.number() } } };\n'
              "for (const [name, config] of Object.entries(byName)) "
              f"server.registerTool(name, config, {DONE});\n"
            + 'const words = { e: "E" };\n'
              "for (const key in words) "
              f'server.tool(key, words[key as "e"], {{ k: z.string() }}, {DONE});\n')
    assert _tools(_project(tmp_path), text) == [
        ("a", None), ("b", None), ("c", None), ("d", None), ("e", None)]


def test_a_key_an_item_lacks_is_undefined_as_javascript_destructures_it(tmp_path: Path) -> None:
    text = (HEADER + "[\n"
            '  { name: "titled", title: "Titled", inputSchema: { a: z.string() } },\n'
            '  { name: "plain", inputSchema: { b: z.string() } },\n'
            "].forEach(({ name, title, inputSchema }) => "
            f"server.registerTool(name, {{ title, inputSchema }}, {DONE}));\n")
    path = _project(tmp_path)
    path.write_text(text)
    entries = {t.name: t.entry for t in analyze(text, path).tools}
    assert entries["titled"] is not None and entries["titled"]["title"] == "Titled"
    assert entries["plain"] is not None and "title" not in entries["plain"]


def test_a_default_in_the_loop_s_pattern_applies_where_the_item_lacks_the_key(
        tmp_path: Path) -> None:
    # @brightdata/mcp's `for (let {id, description, defaults = {}} of datasets)`: the whole loop
    # was unknown ("`description` is a loop variable")
    text = (HEADER + "const items = [\n"
            '  { id: "a", description: "A" },\n'
            '  { id: "b", description: "B", title: "Bee" },\n'
            "];\n"
            'for (const { id, description, title = "Default" } of items) {\n'
            "  server.registerTool(`t_${id}`, { title, description, inputSchema: {} }, "
            f"{DONE});\n}}\n")
    path = _project(tmp_path)
    path.write_text(text)
    entries = {t.name: t.entry for t in analyze(text, path).tools}
    assert {name: (e or {}).get("title") for name, e in entries.items()} == {
        "t_a": "Default", "t_b": "Bee"}


def test_a_helper_is_one_tool_per_call_of_the_module(tmp_path: Path) -> None:
    text = (HEADER
            + "function register(target: McpServer, name: string, shape: z.ZodRawShape) {\n"
              f"  target.registerTool(name, {{ inputSchema: shape }}, {DONE});\n"
              "}\n"
            + 'register(server, "one", { a: z.string() });\n'
            + f'register(server, "two", {{ b: {LIST} }});\n')
    path = _project(tmp_path)
    assert _tools(path, text) == [("one", None), ("two", None)]
    assert _findings(path, text) == [("list-as-text", "warning", "two", LIST)]


def test_a_helper_parameter_not_given_is_its_default_or_undefined(tmp_path: Path) -> None:
    text = (HEADER
            + 'function register(name: string, title?: string, shape = { q: z.string() }) {\n'
              f"  server.registerTool(name, {{ title, inputSchema: shape }}, {DONE});\n}}\n"
            + 'register("bare");\nregister("titled", "Titled", { n: z.number() });\n')
    path = _project(tmp_path)
    path.write_text(text)
    entries = {t.name: t.entry for t in analyze(text, path).tools}
    assert entries["bare"] is not None and "title" not in entries["bare"]
    assert entries["bare"]["inputSchema"]["properties"] == {"q": {"type": "string"}}
    assert entries["titled"] is not None and entries["titled"]["title"] == "Titled"
    assert entries["titled"]["inputSchema"]["properties"] == {"n": {"type": "number"}}


def test_the_same_name_twice_on_one_server_fails_its_list_on_two_servers_does_not(
        tmp_path: Path) -> None:
    helper = ("function register(target: McpServer, name: string) {\n"
              f"  target.registerTool(name, {{ inputSchema: {{ q: z.string() }} }}, {DONE});\n"
              "}\n")
    path = _project(tmp_path)
    twice = HEADER + helper + 'register(server, "find");\nregister(server, "find");\n'
    assert [(rule, severity, written) for rule, severity, _, written in
            _findings(path, twice)] == [("server-list-fails", "error", '"find"')]
    (first, second) = analyze(twice, path).tools
    assert first.unknown == [] and second.fails_list
    assert second.name_span[0] == twice.rindex('"find"')  # at the call that fails
    other = ('const other = new McpServer({ name: "o", version: "1.0.0" });\n'
             'register(server, "find");\nregister(other, "find");\n')
    assert _findings(path, HEADER + helper + other) == []


def test_what_cannot_be_known_is_read_once_and_said(tmp_path: Path) -> None:
    path = _project(tmp_path)
    computed = (HEADER + "const tools = load();\n"
                f"for (const t of tools) server.registerTool(t.name, {{}}, {DONE});\n")
    assert _tools(path, computed) == [("?", "`t` is a loop variable, known only at run time")]
    uncalled = (HEADER + "export function register(name: string, shape: z.ZodRawShape) {\n"
                f"  server.registerTool(name, {{ inputSchema: shape }}, {DONE});\n}}\n")
    assert _tools(path, uncalled) == [
        ("?", "`shape` is a parameter, known only when the function is called")]
    # exported: other modules' calls are not seen here, so the module's own are not all either
    called = uncalled + 'register("local", { a: z.string() });\n'
    assert _tools(path, called) == [
        ("?", "`shape` is a parameter, known only when the function is called")]
    assert _tools(path, called.replace("export function", "function")) == [("local", None)]


def test_more_items_than_portlint_unrolls_are_read_once_in_bounded_time(
        tmp_path: Path) -> None:
    items = ", ".join(f'{{ name: "t{i}" }}' for i in range(MAX_SETS + 1))
    text = (HEADER + f"const tools = [{items}];\n"
            f"for (const t of tools) server.tool(t.name, {{ q: z.string() }}, {DONE});\n")
    assert _tools(_project(tmp_path), text) == [
        ("?", "`t` is a loop variable, known only at run time")]
    # a helper calling itself from many places: its values are not followed past a bound
    calls = "".join(f'again("n{i}");\n' for i in range(300))
    recursive = (HEADER + "function again(name: string) {\n"
                 f"  server.tool(name, {{ q: z.string() }}, {DONE});\n"
                 + "  again(name);\n" * 20 + "}\n" + calls)
    started = time.monotonic()
    tools = _tools(tmp_path / "server.ts", recursive)
    assert time.monotonic() - started < 60  # a hang guard, not a performance target
    assert tools == [("?", "`name` is a parameter, known only when the function is called")]
