"""Code written for one line of the MCP Python SDK whose pins bring the other: said
`server-start-fails` where it stops, with the exception the installed SDK raises there — an
import, `from mcp.server import FastMCP`, a low-level 1.x decorator, a 2.x constructor keyword
(portlint/python/line_mismatch.py). Offline the findings are exact; the live layer runs each
stopping statement under the newest release of the other line and compares the exception."""

from __future__ import annotations

import ast
import subprocess
from pathlib import Path

import pytest

from portlint.linter import lint_text
from portlint.python.analysis import analyze
from portlint.python.environment import parse_override
from portlint.python.line_mismatch import first_stop
from portlint.python.names import Names
from portlint.python.pins import installed_with
from portlint.settings import Settings
from tests.python import record_servers

_LOWLEVEL_1 = '''from mcp.server import Server
from mcp.types import Tool

app = Server("x")


@app.list_resources()
async def resources() -> list:
    return []


@app.list_tools()
async def tools() -> list[Tool]:
    return [Tool(name="t", description="T.", inputSchema={"type": "object"})]
'''
_LOWLEVEL_2 = '''from mcp.server import Server
from mcp.types import Tool


async def tools(ctx, params):
    return [Tool(name="t", description="T.", input_schema={"type": "object"})]


app = Server("x", version="1", on_list_tools=tools)
'''
_FASTMCP_1 = '''from mcp.server import FastMCP
from mcp.server.fastmcp import Context

mcp = FastMCP("x")


@mcp.tool()
def add(a: int, b: int) -> int:
    """Adds."""
    return a + b
'''
_TAIL = ". The process exits {}, before it answers anything: every client gets no tools."
# (case, its code, the pins that bring the other line, what is underlined, the message's middle)
CASES = [
    ("decorator", _LOWLEVEL_1, "mcp>=1.1", "app.list_resources()",
     "mcp 2.3.0 (the newest release allowed by `mcp>=1.1` in requirements.txt): it has no "
     "`list_resources` on its low-level `Server`, which the code calls as a decorator "
     "(AttributeError: 'Server' object has no attribute 'list_resources'): pin `mcp<2`",
     "here"),
    ("keyword", _LOWLEVEL_2, "mcp<2", "on_list_tools=tools",
     "mcp 1.30.0 (the newest release allowed by `mcp<2` in requirements.txt): it has no "
     "`on_list_tools` among its low-level `Server`'s parameters (TypeError: Server.__init__() "
     "got an unexpected keyword argument 'on_list_tools'): pin `mcp>=2`", "here"),
    # mcp-server-sentry: `import httpx` before its first decorator, and `mcp>=1.0.0` alone
    ("sdk-1-package", "import httpx\n" + _LOWLEVEL_1, "mcp>=1.1", "import httpx",
     "mcp 2.3.0 (the newest release allowed by `mcp>=1.1` in requirements.txt): it has no "
     "`httpx`, which the code imports: the SDK 1.x installed it (`httpx`), 2.x does not, and "
     "the project requires nothing that would (ModuleNotFoundError: No module named 'httpx'): "
     "pin `mcp<2`", "at this import"),
    ("sdk-1-package-cli", "from dotenv import load_dotenv\n" + _LOWLEVEL_1, "mcp>=1.1",
     "from dotenv import load_dotenv",
     "mcp 2.3.0 (the newest release allowed by `mcp>=1.1` in requirements.txt): it has no "
     "`dotenv`, which the code imports: the SDK 1.x installed it (`python-dotenv`), 2.x does "
     "not, and the project requires nothing that would (ModuleNotFoundError: No module named "
     "'dotenv'): pin `mcp<2`", "at this import"),
    # mcp-tavily: `from mcp.shared.exceptions import McpError`, a name 2.x does not have
    ("name-gone", "from mcp.shared.exceptions import McpError\n" + _LOWLEVEL_1, "mcp>=1.1",
     "from mcp.shared.exceptions import McpError",
     "mcp 2.3.0 (the newest release allowed by `mcp>=1.1` in requirements.txt): it has no "
     "`McpError` in `mcp.shared.exceptions`, which the code imports (ImportError: cannot import "
     "name 'McpError' from 'mcp.shared.exceptions'): pin `mcp<2`", "at this import"),
    ("module-gone", "import mcp.server.websocket\n" + _LOWLEVEL_1, "mcp>=1.1",
     "import mcp.server.websocket",
     "mcp 2.3.0 (the newest release allowed by `mcp>=1.1` in requirements.txt): it has no "
     "`mcp.server.websocket`, which the code imports (ModuleNotFoundError: No module named "
     "'mcp.server.websocket'): pin `mcp<2`", "at this import"),
    ("import-name", _FASTMCP_1, "mcp", "from mcp.server import FastMCP",
     "mcp 2.3.0 (the newest release allowed by `mcp` in requirements.txt): it has no `FastMCP` "
     "in `mcp.server`, which the code imports (ImportError: cannot import name 'FastMCP' from "
     "'mcp.server'): pin `mcp<2`", "at this import"),
]


@pytest.mark.parametrize(("case", "code", "pins", "underlined", "middle", "exits"), CASES,
                         ids=[c[0] for c in CASES])
def test_the_statement_where_the_code_stops_is_said(
        tmp_path: Path, case: str, code: str, pins: str, underlined: str, middle: str,
        exits: str) -> None:
    (tmp_path / "requirements.txt").write_text(pins + "\n", encoding="utf-8")
    server = tmp_path / "server.py"
    server.write_text(code, encoding="utf-8")
    found = [(f.rule, f.severity.value, code[f.span[0]:f.span[1]], f.message)
             for f in lint_text(code, str(server), Settings()).findings
             if f.rule == "server-start-fails"]
    assert found == [("server-start-fails", "error", underlined,
                      "This server cannot start on " + middle + _TAIL.format(exits))]


def test_code_that_starts_on_the_other_line_is_not_said_to_stop(tmp_path: Path) -> None:
    """A 2.x `Tool(input_schema=...)` alone marks code for 2.x, but nothing of it runs at
    start on 1.x: no claim that the server cannot start."""
    code = _LOWLEVEL_2.replace('app = Server("x", version="1", on_list_tools=tools)',
                               'app = Server("x")')
    (tmp_path / "requirements.txt").write_text("mcp<2\n", encoding="utf-8")
    server = tmp_path / "server.py"
    server.write_text(code, encoding="utf-8")
    assert "server-start-fails" not in [
        f.rule for f in lint_text(code, str(server), Settings()).findings]


@pytest.mark.parametrize("guard", [
    "from typing import TYPE_CHECKING\nif TYPE_CHECKING:",
    "import typing\nif typing.TYPE_CHECKING:",
    "import typing_extensions as te\nif te.TYPE_CHECKING:",
    "TYPE_CHECKING = False\nif TYPE_CHECKING:",
])
def test_an_import_only_a_type_checker_reads_is_not_where_the_code_stops(
        tmp_path: Path, guard: str) -> None:
    """ha-mcp 3.5.1 imports the SDK 1.x's `FastMCP` under `if TYPE_CHECKING:` for an
    annotation and starts on the SDK 2.x; the `else` of such an `if` runs."""
    code = (f"{guard}\n    from mcp.server.fastmcp import FastMCP\n\n\n"
            "def register(mcp: 'FastMCP') -> None:\n    @mcp.tool()\n"
            "    def add(a: int) -> int:\n        return a\n")
    (tmp_path / "requirements.txt").write_text("mcp==2.3.0\n", encoding="utf-8")
    server = tmp_path / "server.py"
    server.write_text(code, encoding="utf-8")
    assert [f.rule for f in lint_text(code, str(server), Settings()).findings] == []
    runs = code.replace(guard.splitlines()[-1], guard.splitlines()[-1] + "\n    pass\nelse:")
    server.write_text(runs, encoding="utf-8")
    found = [(f.rule, runs[f.span[0]:f.span[1]])
             for f in lint_text(runs, str(server), Settings()).findings]
    assert found == [("server-start-fails", "from mcp.server.fastmcp import FastMCP")]


_RUN = '''
import sys
try:
    exec(compile(sys.stdin.read(), "server.py", "exec"), {"__name__": "server"})
    print("started")
except BaseException as error:
    print(f"{type(error).__name__}: {str(error).splitlines()[0]}")
'''


@pytest.mark.live_oracle
@pytest.mark.parametrize(("case", "code", "pins", "underlined", "middle", "exits"), CASES,
                         ids=[c[0] for c in CASES])
def test_the_exception_is_the_one_the_installed_sdk_raises(
        tmp_path: Path, case: str, code: str, pins: str, underlined: str, middle: str,
        exits: str) -> None:
    server = tmp_path / "server.py"
    server.write_text(code, encoding="utf-8")
    (tmp_path / "requirements.txt").write_text(pins + "\n", encoding="utf-8")
    environment = analyze(code, server).environment
    assert environment is not None and environment.brought is not None
    stop = first_stop(*_tree_and_names(code), environment.generation,
                      lambda distribution: installed_with(server, distribution))
    assert stop is not None
    python = record_servers.venv("mcp", environment.brought.version) / "bin" / "python"
    ran = subprocess.run([str(python), "-c", _RUN], input=code, capture_output=True, text=True,
                         timeout=300)
    assert ran.stdout.strip().startswith(stop.error), ran.stdout + ran.stderr[-500:]


def _tree_and_names(code: str) -> tuple[ast.Module, Names]:
    tree = ast.parse(code)
    return tree, Names(tree)


def test_the_release_derived_with_says_the_line_the_code_is_written_for(tmp_path: Path) -> None:
    """A low-level 1.x server imports no `mcp.server.fastmcp`: the reason names the line."""
    (tmp_path / "requirements.txt").write_text("mcp>=1.1\n", encoding="utf-8")
    server = tmp_path / "server.py"
    server.write_text(_LOWLEVEL_1, encoding="utf-8")
    environment = analyze(_LOWLEVEL_1, server).environment
    assert environment is not None
    assert (environment.framework.version, environment.framework.why) == (
        "1.30.0", "the newest release allowed by `mcp>=1.1` in requirements.txt names mcp "
                  "2.3.0, but the code is written for mcp 1.x: the newest 1.x release")


@pytest.mark.parametrize(("given", "code", "written", "stops"), [
    ("mcp==2.3.0", _LOWLEVEL_1, "1", "AttributeError: 'Server' object has no attribute "
     "'list_resources'"),
    ("mcp==1.26.0", _LOWLEVEL_2, "2", "TypeError: Server.__init__() got an unexpected keyword "
     "argument 'on_list_tools'"),
], ids=["2.x-given-for-1.x-code", "1.x-given-for-2.x-code"])
def test_a_release_given_with_framework_of_the_other_line_is_where_it_stops(
        tmp_path: Path, given: str, code: str, written: str, stops: str) -> None:
    """`portlint schema --framework mcp==2.3.0` of code written for 1.x (eight servers of the
    PyPI sweep, installed by pip with 2.3.0): the server cannot start, as with a pin — not
    derived as if it started on the release given."""
    server = tmp_path / "server.py"
    server.write_text(code, encoding="utf-8")
    analysis = analyze(code, server, parse_override(given))
    environment = analysis.environment
    assert environment is not None and environment.brought is not None
    assert (environment.brought.version, environment.framework.version.split(".")[0]) == (
        given.split("==")[1], written)
    assert environment.framework.why == (
        f"--framework {given} names mcp {given.split('==')[1]}, but the code is written for "
        f"mcp {written}.x: the newest {written}.x release")
    [note] = analysis.start_fails
    assert f"This server cannot start on mcp {given.split('==')[1]} (--framework {given})" in (
        note.message) and f"({stops})" in note.message


@pytest.mark.parametrize(("files", "code"), [
    # another requirement may bring it: where the code stops is not told by the import
    ({"requirements.txt": "mcp>=1.1\nrequests\n"}, "import httpx\n" + _LOWLEVEL_1),
    # the SDK's `cli` extra brings python-dotenv on 2.x too
    ({"requirements.txt": "mcp[cli]>=1.1\n"}, "from dotenv import load_dotenv\n" + _LOWLEVEL_1),
    # a lockfile says what is installed
    ({"uv.lock": '[[package]]\nname = "mcp"\nversion = "2.3.0"\n\n[[package]]\n'
                 'name = "httpx"\nversion = "0.28.1"\n'}, "import httpx\n" + _LOWLEVEL_1),
    # an import that may fail is not where it stops
    ({"requirements.txt": "mcp>=1.1\n"},
     "try:\n    import httpx\nexcept ImportError:\n    httpx = None\n" + _LOWLEVEL_1),
], ids=["other-requirement", "cli-extra", "locked", "guarded"])
def test_a_package_the_project_may_install_is_not_where_it_stops(
        tmp_path: Path, files: dict[str, str], code: str) -> None:
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    server = tmp_path / "server.py"
    server.write_text(code, encoding="utf-8")
    found = [code[f.span[0]:f.span[1]] for f in lint_text(code, str(server), Settings()).findings
             if f.rule == "server-start-fails"]
    assert found == ["app.list_resources()"]


def test_a_tool_registered_under_type_checking_is_never_registered(tmp_path: Path) -> None:
    # the body of `if TYPE_CHECKING:` never runs: its decorator registers nothing (the SDK
    # 2.x's server lists no tool for it); its `else` runs
    server = ("from typing import TYPE_CHECKING\n\nfrom mcp.server.fastmcp import FastMCP\n\n"
              "mcp = FastMCP(\"x\")\n\nif TYPE_CHECKING:\n    @mcp.tool()\n"
              "    def never_registered(a: int) -> int:\n        return a\nelse:\n"
              "    @mcp.tool()\n    def registered(b: int) -> int:\n        return b\n")
    path = tmp_path / "server.py"
    path.write_text(server)
    assert [t.name for t in analyze(server, path).tools] == ["registered"]


@pytest.mark.parametrize(("helper", "stops"), [
    # an error handler's own import: runs only when it is called (mcp-server-linkedin 4.23.1's
    # helper module), never before the tools are listed
    ("def is_protocol_error(exc):\n    from mcp.shared.exceptions import McpError\n\n"
     "    return isinstance(exc, McpError)\n", False),
    # a function that makes the server runs as the server starts
    ("def main():\n    from mcp.server.fastmcp import FastMCP\n\n    server = FastMCP('x')\n"
     "    server.run()\n", True),
    # a decorator runs where the function is defined, whatever its body does
    ("from mcp.server import Server\n\napp = Server('x')\n\n\n@app.list_tools()\n"
     "async def tools():\n    return []\n", True),
])
def test_a_functions_body_is_judged_only_when_it_serves(helper: str, stops: bool) -> None:
    tree = ast.parse(helper)
    found = first_stop(tree, Names(tree), "mcp1")
    assert (found is not None) is stops


def test_a_helper_modules_function_import_is_not_said_to_stop_the_server(tmp_path: Path) -> None:
    (tmp_path / "requirements.txt").write_text("mcp==2.3.0\n")
    (tmp_path / "helper.py").write_text(
        "def is_protocol_error(exc):\n    from mcp.shared.exceptions import McpError\n\n"
        "    return isinstance(exc, McpError)\n")
    text = ('from mcp.server.mcpserver import MCPServer\n\nfrom helper import is_protocol_error'
            '\n\nmcp = MCPServer("x")\n\n\n@mcp.tool()\ndef ping(text: str) -> str:\n'
            '    return text\n')
    (tmp_path / "server.py").write_text(text)
    for name in ("server.py", "helper.py"):
        path = tmp_path / name
        written = path.read_text()
        assert [f.rule for f in lint_text(written, str(path), Settings()).findings] == []
