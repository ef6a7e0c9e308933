"""A function registering tools on a parameter annotated with a framework's server class: the
annotation is a type hint, and the server the project's callers really give it decides how its
tools are listed (ha-mcp 3.5.1 annotates the SDK's `FastMCP`, imported under `TYPE_CHECKING`,
and is given fastmcp's). With no traced caller, the annotation stands, unless the project makes
its server elsewhere and nothing names the function: then what it registers is not listed, and
is said not derivable."""

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


def _tools(root: Path, server: str | None, capsys: pytest.CaptureFixture[str],
           tools: str = TOOLS) -> list[dict[str, object]]:
    (root / "requirements.txt").write_text("fastmcp==4.2.3\nmcp==2.3.0\n")
    app = root / "app"
    app.mkdir()
    (app / "__init__.py").write_text("")
    (app / "tools.py").write_text(tools)
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


@pytest.mark.parametrize(("caller", "derived"), [
    # awslabs.ecs-mcp-server 0.1.37: modules whose `register_module` its server (made in
    # another module) never imports
    ('from fastmcp import FastMCP\n\nmcp = FastMCP("repro")\n', False),
    # named anywhere it could be meant, it may run: derived
    ('from fastmcp import FastMCP\nfrom app import tools\n\nmcp = FastMCP("repro")\n'
     'if flag:\n    tools.register_tools(mcp)\n', True),
    ('from fastmcp import FastMCP\nimport importlib\n\nmcp = FastMCP("repro")\n'
     'getattr(importlib.import_module("app.tools"), "register_tools")(mcp)\n', True),
    ('from fastmcp import FastMCP\nfrom app.tools import register_tools\n\n'
     'REGISTRARS = [register_tools]\n', True),
    ('from fastmcp import FastMCP\n\nmcp = FastMCP("repro")\n'
     'for module in plugins():\n    module.register_tools(mcp)\n', True),
])
def test_a_function_nothing_names_registers_nothing_known(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], caller: str, derived: bool) -> None:
    found = _tools(tmp_path, caller, capsys)
    if derived:
        assert [t["name"] for t in found] == ["add"]
    else:
        assert found == [{"name": None, "registration": "add", "unknown": (
            "`mcp` is given to `register_tools`, which nothing in the project calls or names: "
            "portlint does not know what such a server lists")}]


_SELF_SERVER = ('from fastmcp import FastMCP\n\nfrom app.tools import register_tools\n\n\n'
                'class Registry:\n    def __init__(self, owner):\n        self.mcp = owner.mcp\n\n'
                '    def register_all(self):\n        register_tools(self.mcp)\n')


def test_a_hint_only_annotation_given_an_untraced_object_is_not_the_server(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # ha-mcp 3.5.1's `register_backup_tools(mcp: "FastMCP", ...)`: the SDK's class, imported
    # under `if TYPE_CHECKING:`, given fastmcp's server as `self.mcp`
    assert _tools(tmp_path, _SELF_SERVER, capsys) == [{
        "name": None, "registration": "add", "unknown": (
            "`mcp` is given `self.mcp` (server.py, line 11), which portlint cannot trace to "
            "where the server is made: portlint does not know what such a server lists")}]


def test_an_annotation_imported_where_the_code_runs_stands(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    found = _tools(tmp_path, _SELF_SERVER, capsys, TOOLS.replace(
        "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    ", ""))
    assert [(t["name"], t["inputSchema"]) for t in found] == [("add", {
        "properties": {"a": {"title": "A", "type": "integer"},
                       "b": {"title": "B", "type": "integer"}},
        "required": ["a", "b"], "title": "addArguments", "type": "object"})]
