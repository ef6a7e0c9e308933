"""The MCP SDK refuses `structured_output=True` on a tool whose return it cannot describe — `Any`,
a bare `dict` or `list`, no return annotation — when the tool is registered (`InvalidSignature`,
recorded with mcp 1.12.4, 1.30.0 and 2.3.0 in *-structured-refused): said at the option as the
start-up failure it is. Without the option such a tool is listed with no output schema."""

from __future__ import annotations

import pytest

from portlint.linter import lint_text
from portlint.python.analysis import analyze
from portlint.python.environment import parse_override
from portlint.settings import Settings

_SERVER = '''from typing import Any

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("x")


@mcp.tool(structured_output=True)
def anything(a: int) -> Any:
    return a
'''



def _written_for_2(code: str) -> str:
    """The server as the SDK 2.x has it (2.x has no `mcp.server.fastmcp`: code importing it
    does not start there)."""
    return code.replace("from mcp.server.fastmcp import FastMCP",
                        "from mcp.server.mcpserver import MCPServer as FastMCP")

def test_the_refusal_is_said_at_the_option() -> None:
    result = lint_text(_SERVER, "server.py", Settings())
    assert [(f.rule, f.severity.value, _SERVER[f.span[0]:f.span[1]], f.message)
            for f in result.findings] == [
        ("server-start-fails", "error", "True",
         "Tool `anything`: mcp 1.30.0 refuses `structured_output=True` for its return type "
         "`Any`, which it cannot describe (`InvalidSignature`): the server fails at start-up. "
         "The process exits before it answers anything: every client gets no tools.")]


@pytest.mark.parametrize(("returns", "said"), [
    (" -> dict", "its return type `dict`"),
    ("", "a function without a return annotation")])
def test_each_return_it_cannot_describe(returns: str, said: str) -> None:
    text = _SERVER.replace(" -> Any", returns)
    tool, = analyze(_written_for_2(text), None, parse_override("mcp==2.3.0")).tools
    assert [u.reason for u in tool.unknown] == [
        f"mcp 2.3.0 refuses `structured_output=True` for {said}, which it cannot describe "
        "(`InvalidSignature`): the server fails at start-up"]


def test_without_the_option_the_tool_has_no_output_schema() -> None:
    text = _SERVER.replace("@mcp.tool(structured_output=True)", "@mcp.tool()")
    tool, = analyze(text, None, parse_override("mcp==1.30.0")).tools
    assert (tool.output_schema, tool.unknown) == (None, [])


@pytest.mark.parametrize(("returns", "output", "reasons"), [
    # the SDK lists a `CallToolResult` tool without an output schema, forced or not
    ("CallToolResult", None, []),
    # and writes one for `bytes` when forced (none of its own accord): not derived
    ("bytes", None, ["the output schema the SDK writes when `structured_output=True` forces one "
                     "for `bytes` is not derived"]),
])
def test_returns_the_sdk_takes_when_forced(
        returns: str, output: object, reasons: list[str]) -> None:
    text = _SERVER.replace(" -> Any", f" -> {returns}").replace(
        "from typing import Any\n", "from typing import Any\n\nfrom mcp.types import CallToolResult\n")
    tool, = analyze(text, None, parse_override("mcp==1.30.0")).tools
    assert (tool.output_schema, [u.reason for u in tool.unknown]) == (output, reasons)
