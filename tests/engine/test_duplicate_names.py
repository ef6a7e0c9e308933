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
