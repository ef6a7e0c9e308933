"""A server made by calling a function of the project (`app = create_server()`) is the server
that function returns, when every `return` of it returns a server of one kind — made there, or a
name bound once to one; anything else leaves the server untraced, and its registrations are
reported with the reason. The oracle projects `*-factory-call` check the derived schemas against
the real frameworks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portlint.cli.main import main
from portlint.python.analysis import analyze

_TOOL = '\n\n@app.tool()\ndef ping(host: str) -> str:\n    return host\n'
_UNTRACED = ("A tool is registered here that portlint cannot derive without running code: `app` "
             "is not a server portlint can trace to its `FastMCP(...)`.")


def _server(tmp_path: Path, factory: str, extra: dict[str, str] | None = None) -> Path:
    (tmp_path / "requirements.txt").write_text("mcp==1.30.0\n", encoding="utf-8")
    for name, text in (extra or {}).items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    path = tmp_path / "server.py"
    path.write_text(f"from mcp.server.fastmcp import FastMCP\n\n\n{factory}\n\n\napp = "
                    f"create_server(){_TOOL}", encoding="utf-8")
    return path


def _derived(path: Path) -> list[str]:
    return [t.name for t in analyze(path.read_text(encoding="utf-8"), path).tools
            if t.input_schema is not None]


def _message(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, int, str]:
    """(line, column, message) of the one unknown-schema finding; the line checked to be the
    registration's."""
    assert main(["check", "--format", "json", str(path.parent)]) == 0
    [finding] = [f for f in json.loads(capsys.readouterr().out)["findings"]
                 if f["rule"] == "unknown-schema"]
    line = path.read_text(encoding="utf-8").splitlines().index("@app.tool()") + 1
    assert (finding["location"]["line"], finding["end_location"]) == (
        line, {"line": line, "column": 12})
    return finding["location"]["line"], finding["location"]["column"], finding["message"]


@pytest.mark.parametrize("factory", [
    'def create_server():\n    return FastMCP("x")',
    'def create_server():\n    server = FastMCP("x")\n    return server',
    'def create_server(debug=False):\n    if debug:\n        return FastMCP("debug")\n'
    '    return FastMCP("x")',
    'mcp = FastMCP("x")\n\n\ndef create_server():\n    return mcp',
    'def create_server():\n    return make()\n\n\ndef make():\n    return FastMCP("x")',
])
def test_a_factory_returning_servers_of_one_kind_makes_one(tmp_path: Path, factory: str) -> None:
    assert _derived(_server(tmp_path, factory)) == ["ping"]


def test_a_factory_imported_from_the_project_is_followed(tmp_path: Path) -> None:
    path = tmp_path / "server.py"
    (tmp_path / "requirements.txt").write_text("mcp==1.30.0\n", encoding="utf-8")
    (tmp_path / "factory.py").write_text(
        'from mcp.server.fastmcp import FastMCP\n\n\ndef create_server():\n'
        '    return FastMCP("x")\n', encoding="utf-8")
    path.write_text(f"from factory import create_server\n\napp = create_server(){_TOOL}",
                    encoding="utf-8")
    assert _derived(path) == ["ping"]


@pytest.mark.parametrize("factory", [
    'def create_server():\n    if 1:\n        return None\n    return FastMCP("x")',
    'def create_server():\n    server = FastMCP("x")\n    server = wrap(server)\n    return server',
    'def create_server(server):\n    return server',
    'def create_server():\n    return servers[0]',
    'def create_server():\n    pass',
    'mcp = FastMCP("x")\nmcp = wrap(mcp)\n\n\ndef create_server():\n    return mcp',
    'def create_server():\n    return FastMCP("x")\n\n\ndef create_server():\n    return 1',
])
def test_a_factory_that_may_return_something_else_is_not_followed(
        tmp_path: Path, factory: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = _server(tmp_path, factory)
    assert _message(path, capsys)[1:] == (2, _UNTRACED)


def test_a_factory_of_an_untraced_server_class_is_reported_with_why(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    factory = ('class Wrapped(FastMCP):\n    def tool(self, *a, **k):\n'
               '        return super().tool(*a, **k)\n\n\ndef create_server():\n'
               '    return Wrapped("x")')
    path = _server(tmp_path, factory)
    assert _message(path, capsys)[1:] == (
        2, "A tool is registered here that portlint cannot derive without running code: "
               "`app` is a `Wrapped`, which overrides `tool`: portlint does not know what such "
               "a server lists.")


def test_a_factory_of_servers_of_two_frameworks_is_reported(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    factory = ('import fastmcp\n\n\ndef create_server(new=False):\n    if new:\n'
               '        return fastmcp.FastMCP("x")\n    return FastMCP("x")')
    path = _server(tmp_path, factory)
    assert _message(path, capsys)[1:] == (
        2, "A tool is registered here that portlint cannot derive without running code: "
               "`app` is made by `create_server`, which returns servers of different kinds: "
               "portlint does not know what such a server lists.")
