"""A FastMCP server whose tools/list handler is replaced on the low-level server beneath it
(blender-mcp: `mcp._mcp_server.list_tools()(_list_tools_for_client)`, which leaves its app-only
tools out, as its live listing shows): said where it is replaced, never silent."""

from __future__ import annotations

from pathlib import Path

import pytest

from portlint.linter import lint_text
from portlint.settings import Settings

HEAD = '''from mcp.server.fastmcp import FastMCP

mcp = FastMCP("x")


@mcp.tool()
def ping() -> str:
    """Ping."""
    return "pong"


async def visible():
    return [t for t in await mcp.list_tools() if t.name != "ping"]
'''


@pytest.mark.parametrize(("tail", "covered", "handler"), [
    ("\n\nmcp._mcp_server.list_tools()(visible)\n", "mcp._mcp_server.list_tools()", "visible"),
    ("\n\n@mcp._mcp_server.list_tools()\nasync def listed():\n    return await visible()\n",
     "mcp._mcp_server.list_tools()", "listed"),
], ids=["call", "decorator"])
def test_a_replaced_tools_list_handler_is_said_where_it_is_set(
        tmp_path: Path, tail: str, covered: str, handler: str) -> None:
    (tmp_path / "requirements.txt").write_text("mcp==1.30.0\n", encoding="utf-8")
    text = HEAD + tail
    path = tmp_path / "server.py"
    path.write_text(text, encoding="utf-8")
    found = [(f.rule, f.severity.value, text[f.span[0]:f.span[1]], f.message)
             for f in lint_text(text, str(path), Settings()).findings]
    assert found == [("unknown-schema", "information", covered, (
        f"The tools/list of `mcp` is answered by `{handler}`, set on its low-level server: "
        "clients are listed what that function returns, which portlint does not read. The "
        "tools here are derived and linted as they are registered."))]
