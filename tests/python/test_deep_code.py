"""Valid code nested deep is read, or said to be too deep — never a crash of the reader: a
schema written as a dict literal 90 levels deep, a description joined from 2,000 `+` terms.
What the reader still cannot follow is `document-too-large`, with the reason."""

from __future__ import annotations

import pytest

from portlint.linter import lint_text
from portlint.python.analysis import analyze
from portlint.readers import reader_for
from portlint.settings import Settings

_LOWLEVEL = '''from mcp.server import Server
from mcp.types import Tool

server = Server("x")


@server.list_tools()
async def tools():
    return [Tool(name="t", inputSchema={schema})]
'''


def _nested(depth: int) -> str:
    schema = '{"type": "string"}'
    for _ in range(depth):
        schema = '{"type": "object", "properties": {"a": ' + schema + "}}"
    return schema


def test_a_schema_literal_90_levels_deep_is_derived() -> None:
    [tool] = analyze(_LOWLEVEL.format(schema=_nested(90))).tools
    assert tool.unknown == []
    schema = tool.input_schema
    for _ in range(90):
        assert schema is not None and schema["type"] == "object"
        schema = schema["properties"]["a"]
    assert schema == {"type": "string"}


def test_a_description_joined_from_2000_terms_is_read() -> None:
    text = ('from fastmcp import FastMCP\n\nmcp = FastMCP("x")\nD = '
            + " + ".join(['"a"'] * 2000) + '\n\n\n@mcp.tool(description=D)\n'
            'def t(x: int) -> int:\n    return x\n')
    [tool] = analyze(text).tools
    assert (tool.description, tool.unknown) == ("a" * 2000, [])


def test_code_the_reader_cannot_follow_is_said_too_deep(
        monkeypatch: pytest.MonkeyPatch) -> None:
    reader = reader_for("python")

    def too_deep(*args: object) -> None:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setitem(reader._loaded, reader.read_at, too_deep)
    text = 'from fastmcp import FastMCP\nmcp = FastMCP("x")\n'
    [finding] = lint_text(text, "server.py", Settings()).findings
    assert (finding.rule, finding.severity.value, finding.span, finding.message) == (
        "document-too-large", "error", (0, 1),
        "This file's code nests deeper than portlint's python reader can follow (Python's "
        "recursion limit); it was not read")
    assert finding.suggestion == ("Split the deepest expression (a long chain of `+`, a deeply "
                                  "nested literal) over names of its own.")
