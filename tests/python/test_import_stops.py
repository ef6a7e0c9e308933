"""A server split over modules stops where the first statement fails, in whichever module that
is: its entry point registering no tool of its own (mcp-server-tree-sitter's `server.py`, whose
tools a function of another module registers) is said to stop at its own import of the SDK's
1.x module, and a module importing a project module that stops (mcp-weather-server's
`server.py`, through its tools package, to `utils.py`'s `from mcp import McpError`) is said to
stop at that import, with that module's exception — the one the process really dies with
(the live layer holds mcp-weather-server 0.6.1 to it)."""

from __future__ import annotations

from pathlib import Path

from portlint.linter import lint_text
from portlint.settings import Settings

PINS = "mcp>=1.20\n"  # the newest allowed is 2.3.0: code written for 1.x stops on it
BROUGHT = ("This server cannot start on mcp 2.3.0 (the newest release allowed by `mcp>=1.20` "
           "in requirements.txt): it has no ")
TAIL = ": pin `mcp<2`. The process exits at this import, before it answers anything: every " \
       "client gets no tools."


def _project(tmp_path: Path, files: dict[str, str]) -> Path:
    (tmp_path / "requirements.txt").write_text(PINS, encoding="utf-8")
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


def _said(root: Path, name: str) -> list[tuple[str, str, str]]:
    path = root / name
    text = path.read_text(encoding="utf-8")
    return [(f.rule, text[f.span[0]:f.span[1]], f.message)
            for f in lint_text(text, str(path), Settings()).findings]


ENTRY = 'from mcp.server.fastmcp import FastMCP\nfrom tools import register\n\n' \
        'mcp = FastMCP("x")\nregister(mcp)\n'
TOOLS = 'def register(server):\n    @server.tool()\n    def ping() -> str:\n' \
        '        """Ping."""\n        return "pong"\n'


def test_an_entry_point_with_no_tool_of_its_own_is_said_to_stop(tmp_path: Path) -> None:
    root = _project(tmp_path, {"server.py": ENTRY, "tools.py": TOOLS})
    assert _said(root, "server.py") == [(
        "server-start-fails", "from mcp.server.fastmcp import FastMCP",
        BROUGHT + "`mcp.server.fastmcp`, which the code imports (ModuleNotFoundError: No "
        "module named 'mcp.server.fastmcp')" + TAIL)]
    # the module of the tools uses nothing of either line's own: no claim there
    assert [rule for rule, _, _ in _said(root, "tools.py")] == []


def test_a_module_using_neither_line_claims_nothing(tmp_path: Path) -> None:
    root = _project(tmp_path, {"helpers.py": "from mcp.types import TextContent\n\n"
                                             "def text(t):\n    return TextContent(type='text', "
                                             "text=t)\n"})
    assert _said(root, "helpers.py") == []


def test_an_import_of_a_project_module_that_stops_is_where_the_importer_stops(
        tmp_path: Path) -> None:
    root = _project(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/utils.py": "import json\nfrom mcp import McpError\n",
        "pkg/tools/__init__.py": "",
        "pkg/tools/weather.py": "from mcp.types import Tool\nfrom ..utils import McpError\n",
        "pkg/server.py": ("import asyncio\nfrom mcp.server import Server\n"
                          "from .tools.weather import McpError\n\napp = Server('x')\n\n\n"
                          "@app.list_tools()\nasync def tools():\n    return []\n"),
    })
    error = "(ImportError: cannot import name 'McpError' from 'mcp')"
    assert _said(root, "pkg/utils.py") == [(
        "server-start-fails", "from mcp import McpError",
        BROUGHT + f"`McpError` in `mcp`, which the code imports {error}" + TAIL)]
    # the process dies in utils.py, run by this import, before `@app.list_tools()` is reached
    assert _said(root, "pkg/server.py") == [(
        "server-start-fails", "from .tools.weather import McpError",
        BROUGHT + "`McpError` in `mcp`, which `pkg/utils.py` (its line 2, run by this import) "
                  f"imports {error}" + TAIL)]


def test_an_import_cycle_ends_the_search(tmp_path: Path) -> None:
    # (the SDK installed beside an installed server is never followed: the live layer's
    # mcp-weather-server would otherwise be said to stop inside the 1.x SDK's own modules)
    root = _project(tmp_path, {
        "a.py": "from mcp.server.fastmcp import FastMCP\nimport b\n",
        "b.py": "import a\n",  # back into the module asking: a cycle
        "main.py": "import b\nfrom mcp.server.fastmcp import FastMCP\n",
    })
    assert [where for _, where, _ in _said(root, "a.py")] == [
        "from mcp.server.fastmcp import FastMCP"]
    said = _said(root, "main.py")
    # `import b` runs `a`, which stops at its first line: main stops at its own first line
    assert [where for _, where, _ in said] == ["import b"]
    assert "`a.py` (its line 1, run by this import)" in said[0][2]
