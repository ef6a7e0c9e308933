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


@pytest.mark.parametrize(("tail", "handler"), [
    ("\n\nmcp._mcp_server.list_tools()(visible)\n", "visible"),
    ("\n\n@mcp._mcp_server.list_tools()\nasync def listed():\n    return await visible()\n",
     "listed"),
], ids=["call", "decorator"])
def test_a_replaced_tools_list_handler_is_said_at_each_tool_it_answers_for(
        tmp_path: Path, tail: str, handler: str) -> None:
    (tmp_path / "requirements.txt").write_text("mcp==1.30.0\n", encoding="utf-8")
    text = HEAD + tail
    path = tmp_path / "server.py"
    path.write_text(text, encoding="utf-8")
    found = [(f.rule, f.severity.value, text[f.span[0]:f.span[1]], f.message)
             for f in lint_text(text, str(path), Settings()).findings]
    assert found == [("unknown-schema", "information", "mcp.tool()", (
        "The schema of tool `ping` cannot be derived without running code: the tools/list of "
        f"`mcp` is answered by `{handler}`, set on its low-level server on line 16: clients "
        "are listed what that function returns, which portlint does not run."))]
    assert text.splitlines()[15].startswith(("mcp._mcp_server", "@mcp._mcp_server"))


TWO_SERVERS = '''from mcp.server.fastmcp import FastMCP
from pydantic import Field

mcp = FastMCP("x")
side = FastMCP("y")


@mcp.tool()
def hidden(mode: str = Field("a", json_schema_extra={"type": ["string", "null"]})) -> str:
    """Hidden."""
    return ""


@side.tool()
def kept(mode: str = Field("a", json_schema_extra={"type": ["string", "null"]})) -> str:
    """Kept."""
    return ""
'''


def test_the_replaced_servers_tools_are_not_linted_as_registered_and_the_others_are(
        tmp_path: Path) -> None:
    (tmp_path / "requirements.txt").write_text("mcp==1.30.0\n", encoding="utf-8")
    path = tmp_path / "server.py"

    def found(text: str) -> list[tuple[str, str | None, str]]:
        path.write_text(text, encoding="utf-8")
        return [(f.rule, f.tool, text[f.span[0]:f.span[1]])
                for f in lint_text(text, str(path), Settings()).findings]

    mode = '["string", "null"]'
    assert found(TWO_SERVERS) == [("type-union", "hidden", mode), ("type-union", "kept", mode)]
    # the handler may rewrite what it lists: nothing is claimed about `hidden` as registered
    assert found(TWO_SERVERS + "\n\nmcp._mcp_server.list_tools()(lambda: [])\n") == [
        ("unknown-schema", None, "mcp.tool()"),  # (at `hidden`, line 8)
        ("type-union", "kept", mode)]
