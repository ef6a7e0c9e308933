"""tool-name's `duplicate` variant is about one tool list that repeats a name: tools derived
from code are not such a list (one file may hold several servers, a server keeps one tool per
name), and neither are tools of separate lists."""

from __future__ import annotations

from portlint.linter import lint_text
from portlint.settings import Settings

_SETTINGS = Settings(select=frozenset(("tool-name",)))


def _duplicates(text: str, filename: str) -> list[str]:
    return [f.path for f in lint_text(text, filename, _SETTINGS).findings
            if f.rule == "tool-name" and "also the name of" in f.message]


def test_two_python_servers_with_a_tool_of_one_name_are_not_a_duplicate() -> None:
    source = ("from mcp.server.fastmcp import FastMCP\n\n"
              'a = FastMCP("a")\nb = FastMCP("b")\n\n'
              "@a.tool()\ndef search(q: str) -> str:\n    return q\n\n"
              "@b.tool(name=\"search\")\ndef search_b(q: str) -> str:\n    return q\n")
    assert _duplicates(source, "server.py") == []


def test_two_typescript_servers_with_a_tool_of_one_name_are_not_a_duplicate() -> None:
    source = ('import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n'
              'const a = new McpServer({ name: "a", version: "1" });\n'
              'const b = new McpServer({ name: "b", version: "1" });\n'
              'a.tool("search", async () => ({ content: [] }));\n'
              'b.tool("search", async () => ({ content: [] }));\n')
    result = lint_text(source, "server.ts", _SETTINGS)
    assert len(result.tools) == 2  # both read, neither claimed a duplicate
    assert _duplicates(source, "server.ts") == []


def test_a_json_list_that_repeats_a_name_reports_the_later_tool_only() -> None:
    text = ('{"tools": [{"name": "a", "inputSchema": {"type": "object", "properties": {}}},'
            ' {"name": "a", "inputSchema": {"type": "object", "properties": {}}}]}')
    found = [f for f in lint_text(text, "t.json", _SETTINGS).findings
             if "also the name of" in f.message]
    assert [(f.tool_label, f.path) for f in found] == [("tools[1] a", "name")]


def test_a_repeated_name_with_a_dot_is_reported_as_both() -> None:
    """Two hazards for two sets of clients: the later tool is dropped (Claude Code, Codex CLI),
    and the name is rewritten (`a.b` -> `a_b`); one does not hide the other."""
    tool = '{"name": "a.b", "inputSchema": {"type": "object", "properties": {}}}'
    text = '{"tools": [' + tool + ", " + tool + "]}"
    first, later = text.index('"a.b"'), text.rindex('"a.b"')
    found = [(f.rule, f.severity.value, f.pointer, f.span, f.message.split(";")[0])
             for f in lint_text(text, "t.json", Settings(targets=("all",))).findings
             if f.rule == "tool-name"]
    assert found == [
        ("tool-name", "information", "/tools/0/name", (first, first + 5),
         "The tool name `a.b` contains '.'"),
        ("tool-name", "error", "/tools/1/name", (later, later + 5),
         "The tool name `a.b` is also the name of tools[0] in the same list"),
        ("tool-name", "information", "/tools/1/name", (later, later + 5),
         "The tool name `a.b` contains '.'"),
    ]
