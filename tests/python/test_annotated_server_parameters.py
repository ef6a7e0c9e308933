"""A function registering tools on a parameter annotated with a framework's server class: the
annotation is a type hint, and the server the project's callers really give it decides how its
tools are listed (ha-mcp 3.5.1 annotates the SDK's `FastMCP`, imported under `TYPE_CHECKING`,
and is given fastmcp's). With no traced caller, the annotation stands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.cli.main import main

TOOLS = '''from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer


def register_tools(mcp: "MCPServer") -> None:
    @mcp.tool()
    def add(a: int, b: int) -> int:
        """Add two numbers."""
        return a + b
'''


def _tools(root: Path, server: str | None, capsys: pytest.CaptureFixture[str]
           ) -> list[dict[str, object]]:
    (root / "requirements.txt").write_text("fastmcp==4.2.3\nmcp==2.3.0\n")
    app = root / "app"
    app.mkdir()
    (app / "__init__.py").write_text("")
    (app / "tools.py").write_text(TOOLS)
    if server is not None:
        (app / "server.py").write_text(server)
    main(["schema", str(app)])
    found: list[dict[str, object]] = json.loads(capsys.readouterr().out)["tools"]
    return found


def test_the_server_the_callers_give_wins_over_the_annotation(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    server = ('from fastmcp import FastMCP\n\nfrom app.tools import register_tools\n\n'
              'mcp = FastMCP("repro")\nregister_tools(mcp)\n')
    # fastmcp 4.2.3 lists it so (recorded with the server above: its title, no property
    # titles, a closed input and its wrapped result)
    assert _tools(tmp_path, server, capsys) == [{
        "name": "add", "title": "Add", "description": "Add two numbers.",
        "inputSchema": {"additionalProperties": False,
                        "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}},
                        "required": ["a", "b"], "type": "object"},
        "outputSchema": {"properties": {"result": {"type": "integer"}}, "required": ["result"],
                         "type": "object", "x-fastmcp-wrap-result": True}}]


def test_with_no_caller_the_annotation_stands(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    found = _tools(tmp_path, None, capsys)
    assert [(t["name"], t["inputSchema"]) for t in found] == [("add", {
        "properties": {"a": {"title": "A", "type": "integer"},
                       "b": {"title": "B", "type": "integer"}},
        "required": ["a", "b"], "title": "addArguments", "type": "object"})]
