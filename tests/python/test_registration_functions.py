"""A function that registers tools on a server it is given (`def register_tools(app): ...`,
called as `register_tools(mcp)`) registers them on the server its callers in the project give
it: derived when every call gives a traced server of one framework, reported with the reason at
the registration when a call gives a server portlint does not trace or servers of different
frameworks — in a module that imports no framework too — and left as before when no call gives
it a server. The oracle projects `*-register-fn` check the derived schemas against the real
frameworks."""

from __future__ import annotations

from pathlib import Path

import pytest

from portlint.python.analysis import analyze
from tests.python.project_files import unknown_findings, write_project

_REGISTER = '''from typing import Any


def register_tools(server: Any, limit: int) -> None:
    @server.tool()
    def search(query: str) -> list[str]:
        """Search."""
        return []
'''


def _project(tmp_path: Path, files: dict[str, str]) -> Path:
    return write_project(tmp_path, files)


def _tools(path: Path) -> list[tuple[str | None, str | None]]:
    """(name, why not derived) of each tool the module at ``path`` registers."""
    tools = analyze(path.read_text(encoding="utf-8"), path).tools
    return [(t.name if t.resolved_name else None,
             t.unknown[0].reason if t.input_schema is None else None) for t in tools]



def test_a_server_given_by_a_module_that_imports_the_function_is_followed(
        tmp_path: Path) -> None:
    root = _project(tmp_path, {
        "app/__init__.py": "",
        "app/tools.py": _REGISTER,
        "app/server.py": 'from mcp.server.fastmcp import FastMCP\n\nfrom .tools import '
                         'register_tools\n\nmcp = FastMCP("x")\nregister_tools(mcp, 10)\n'})
    assert _tools(root / "app" / "tools.py") == [("search", None)]
    assert _tools(root / "app" / "server.py") == []  # found once: where it is written


def test_a_server_given_in_the_same_module_by_keyword_is_followed(tmp_path: Path) -> None:
    source = ('from mcp.server.fastmcp import FastMCP\n\n\ndef register(root, server):\n'
              '    @server.tool(name="read")\n    def read(path: str) -> str:\n'
              '        return path\n\n\nmcp = FastMCP("x")\nregister(server=mcp, root="/")\n')
    path = _project(tmp_path, {"server.py": source}) / "server.py"
    [(name, why)] = _tools(path)
    assert (name, why) == ("read", None)


def test_calls_giving_no_server_are_not_counted(tmp_path: Path) -> None:
    root = _project(tmp_path, {
        "tools.py": _REGISTER,
        "server.py": 'from mcp.server.fastmcp import FastMCP\nfrom tools import register_tools'
                     '\n\nmcp = FastMCP("x")\nregister_tools(mcp, 10)\n',
        "tests/test_tools.py": "from unittest.mock import MagicMock\n\nfrom tools import "
                               "register_tools\n\nregister_tools(MagicMock(), 1)\n"})
    assert _tools(root / "tools.py") == [("search", None)]


def test_an_untraced_server_given_is_reported_at_the_registration(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _project(tmp_path, {
        "tools.py": _REGISTER,
        "server.py": 'from mcp.server.fastmcp import FastMCP\nfrom tools import register_tools'
                     '\n\n\nclass Wrapped(FastMCP):\n    def tool(self, *a, **k):\n'
                     '        return super().tool(*a, **k)\n\n\nmcp = Wrapped("x")\n'
                     'register_tools(mcp, 10)\n'})
    [finding] = unknown_findings(root, capsys)
    assert finding["file"] == str(root / "tools.py")
    assert (finding["location"], finding["end_location"]) == (
        {"line": 5, "column": 6}, {"line": 5, "column": 19})
    assert finding["message"] == (
        "A tool is registered here that portlint cannot derive without running code: `server` "
        "is a `Wrapped`, which overrides `tool`: portlint does not know what such a server "
        "lists.")


def test_servers_of_different_frameworks_are_reported(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = _project(tmp_path, {
        "tools.py": _REGISTER,
        "one.py": 'from mcp.server.fastmcp import FastMCP\nfrom tools import register_tools\n'
                  '\nmcp = FastMCP("x")\nregister_tools(mcp, 10)\n',
        "two.py": 'from fastmcp import FastMCP\nfrom tools import register_tools\n\n'
                  'mcp = FastMCP("y")\nregister_tools(mcp, 10)\n'})
    [finding] = unknown_findings(root, capsys)
    assert finding["file"] == str(root / "tools.py")
    assert (finding["location"], finding["end_location"]) == (
        {"line": 5, "column": 6}, {"line": 5, "column": 19})
    assert finding["message"] == (
        "A tool is registered here that portlint cannot derive without running code: `server` "
        "is given servers of different frameworks by its callers (`fastmcp`, `mcp1`): "
        "portlint does not know what such a server lists.")


_UNTRACED = [(None, "`server` is not a server portlint can trace to its `FastMCP(...)`")]


@pytest.mark.parametrize(("call", "tools"), [
    # the position after `*args` is not known: nothing says a server reaches the function
    ("register_tools(*[], mcp)", []),
    # another module's function of the same name
    ("other.register_tools(mcp, 10)", []),
    # a server reaches the function, though not the parameter registered on: reported
    ("register_tools(10, mcp)", _UNTRACED),
])
def test_a_call_that_may_not_give_the_parameter_the_server_is_not_followed(
        tmp_path: Path, call: str, tools: list[tuple[str | None, str]]) -> None:
    root = _project(tmp_path, {
        "tools.py": _REGISTER,
        "other.py": "def register_tools(server, limit):\n    pass\n",
        "server.py": 'from mcp.server.fastmcp import FastMCP\nimport other\nfrom tools import '
                     f'register_tools\n\nmcp = FastMCP("x")\n{call}\n'})
    assert _tools(root / "tools.py") == tools  # a module importing no framework


def test_a_parameter_bound_again_is_not_followed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = ('from mcp.server.fastmcp import FastMCP\n\n\ndef register(server):\n'
              '    server = server.child\n\n    @server.tool()\n    def read(path: str) -> str:\n'
              '        return path\n\n\nmcp = FastMCP("x")\nregister(mcp)\n')
    root = _project(tmp_path, {"server.py": source})
    [finding] = unknown_findings(root, capsys)
    assert (finding["location"], finding["end_location"]) == (
        {"line": 7, "column": 6}, {"line": 7, "column": 19})
    assert finding["message"] == (
        "A tool is registered here that portlint cannot derive without running code: `server` "
        "is not a server portlint can trace to its `FastMCP(...)`.")

