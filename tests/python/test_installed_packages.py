"""A module of an installed package (under `site-packages`) is read within that package: its
absolute imports resolve from `site-packages`, and what portlint searches for other places
setting a name is the package's own files — not every package installed beside it (an
`x.name = ...` in anyio's threads once made mcp-obsidian's fifteen handler names "set
elsewhere"), nor the checkout holding the virtual environment. Its pins are the requirements
its distribution published (`*.dist-info/METADATA`), not the checkout's — and the fastmcp, mcp
and Pydantic installed beside it, where they are."""

from __future__ import annotations

from pathlib import Path

import pytest

from portlint.linter import lint_text
from portlint.python.analysis import analyze
from portlint.python.modules import ModuleFinder
from portlint.python.pins import project_pins
from portlint.settings import Settings

_SERVER = '''from mcp.server import Server
from mcp.types import Tool

from handlers.names import LIST

server = Server("x")


class Handler:
    def __init__(self, tool_name: str):
        self.name = tool_name


class Lister(Handler):
    def __init__(self):
        super().__init__(LIST)

    def describe(self) -> Tool:
        return Tool(name=self.name, description="Lists.", inputSchema={"type": "object"})
'''
_ELSEWHERE = "import threading\n\nthreading.current_thread().name = 'worker'\n"


def _install(folder: Path) -> Path:
    """The package `handlers` installed in ``folder`` beside a package setting `.name` on
    something else; returns the server module."""
    packages = folder / "lib" / "python3.11" / "site-packages"
    for name, text in {"handlers/__init__.py": "", "handlers/names.py": 'LIST = "list_files"\n',
                       "handlers/server.py": _SERVER, "threads/__init__.py": "",
                       "threads/worker.py": _ELSEWHERE}.items():
        (packages / name).parent.mkdir(parents=True, exist_ok=True)
        (packages / name).write_text(text, encoding="utf-8")
    return packages / "handlers" / "server.py"


def _names(path: Path) -> list[str | None]:
    return [t.name if t.resolved_name else next(u.reason for u in t.unknown)
            for t in analyze(path.read_text(encoding="utf-8"), path).tools]


@pytest.mark.parametrize("venv", ["venv", "checkout/.venv"])
def test_an_installed_package_is_read_within_its_own_files(tmp_path: Path, venv: str) -> None:
    # a checkout holding the environment has a pyproject.toml portlint must not stop at
    (tmp_path / "checkout").mkdir()
    (tmp_path / "checkout" / "pyproject.toml").write_text("[project]\nname = 'x'\n",
                                                          encoding="utf-8")
    (tmp_path / "checkout" / "worker.py").write_text(_ELSEWHERE, encoding="utf-8")
    server = _install(tmp_path / venv)
    assert _names(server) == ["list_files"]
    finder = ModuleFinder(server)
    assert finder.root == server.parent.parent  # site-packages: where its imports resolve
    assert finder.project_files() == sorted(server.parent.glob("*.py"))
    assert finder.find("handlers.names") is not None


def test_a_package_s_own_module_setting_the_name_elsewhere_still_counts(tmp_path: Path) -> None:
    server = _install(tmp_path)
    (server.parent / "worker.py").write_text(_ELSEWHERE, encoding="utf-8")
    assert _names(server) == [
        "the tool's name, `self.name`, is set elsewhere: `threading.current_thread().name` "
        "is assigned (worker.py, line 3)"]


def test_a_lone_installed_module_is_its_own_project(tmp_path: Path) -> None:
    packages = tmp_path / "site-packages"
    packages.mkdir()
    (packages / "alone.py").write_text("x = 1\n", encoding="utf-8")
    (packages / "other.py").write_text("y = 2\n", encoding="utf-8")
    assert ModuleFinder(packages / "alone.py").project_files() == [packages / "alone.py"]


_FASTMCP_SERVER = ('from mcp.server.fastmcp import FastMCP\n\nmcp = FastMCP("x")\n\n\n'
                   '@mcp.tool()\ndef add(a: int, b: int) -> int:\n    """Adds."""\n'
                   '    return a + b\n')


def _distribution(packages: Path, requires: list[str]) -> Path:
    """The package `adder` installed in ``packages`` with its distribution's METADATA requiring
    ``requires`` and its RECORD listing its files; returns its server module."""
    server = packages / "adder" / "server.py"
    server.parent.mkdir(parents=True)
    server.write_text(_FASTMCP_SERVER, encoding="utf-8")
    (server.parent / "__init__.py").write_text("", encoding="utf-8")
    info = packages / "adder-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.4\nName: adder\nVersion: 1.0\n"
        + "".join(f"Requires-Dist: {r}\n" for r in requires)
        + "\nRequires-Dist: fastmcp>=3 (the description, not a requirement)\n",
        encoding="utf-8")
    (info / "RECORD").write_text("adder/__init__.py,,\nadder/server.py,,\n"
                                 "adder-1.0.dist-info/METADATA,,\n", encoding="utf-8")
    return server


def test_an_installed_package_is_pinned_by_its_distribution_s_requirements(
        tmp_path: Path) -> None:
    # the checkout holding the environment pins another line: not the package's pins
    (tmp_path / "requirements.txt").write_text("mcp==2.3.0\n", encoding="utf-8")
    packages = tmp_path / ".venv" / "lib" / "python3.11" / "site-packages"
    server = _distribution(packages, ["mcp[cli]<2,>=1.9", 'fastmcp>=2; extra == "fast"',
                                      "pydantic (>=2.10) ; python_version >= '3.10'"])
    pins = project_pins(server)
    assert {name: (pin.version, pin.why) for name, pin in pins.items()} == {
        "mcp": ("1.30.0", "the newest release allowed by `mcp<2,>=1.9` in "
                          "adder-1.0.dist-info/METADATA"),
        "pydantic": ("2.14.4", "the newest release allowed by `pydantic>=2.10` in "
                               "adder-1.0.dist-info/METADATA")}
    assert [f.rule for f in lint_text(_FASTMCP_SERVER, str(server), Settings()).findings] == []


def test_an_installed_server_its_requirements_cannot_start_is_reported(tmp_path: Path) -> None:
    """mcp-youtube-transcript 0.3.5: `mcp>=1.9` brings the SDK 2.x, which has no
    `mcp.server.fastmcp` — pip's install fails at import, and portlint says so there too."""
    server = _distribution(tmp_path / "site-packages", ["mcp>=1.9"])
    found = [(f.rule, f.severity.value, _FASTMCP_SERVER[f.span[0]:f.span[1]], f.message)
             for f in lint_text(_FASTMCP_SERVER, str(server), Settings()).findings]
    assert found == [(
        "server-start-fails", "error", "from mcp.server.fastmcp import FastMCP",
        "This server cannot start on mcp 2.3.0 (the newest release allowed by `mcp>=1.9` in "
        "adder-1.0.dist-info/METADATA): it has no `mcp.server.fastmcp`, which the code imports "
        "(ModuleNotFoundError: No module named 'mcp.server.fastmcp'): pin `mcp<2`. The process "
        "exits at this import, before it answers anything: every client gets no tools.")]


def test_what_is_installed_beside_the_package_is_what_it_runs(tmp_path: Path) -> None:
    """mcp-searxng-python 0.1.2 requires `fastmcp>=2.10.6` alone and imports
    `mcp.server.fastmcp`: installed, fastmcp 4.2.3 brings the SDK 2.3.0, and the server dies at
    that import. A server whose `mcp>=1.4.1` allows 2.x, with `mcp<2` installed afterwards,
    runs the 1.30.0 installed."""
    packages = tmp_path / "site-packages"
    server = _distribution(packages, ["fastmcp>=2.10.6"])
    for installed in ("fastmcp-4.2.3", "mcp-2.3.0", "pydantic-2.14.4"):
        (packages / f"{installed}.dist-info").mkdir()
    pins = project_pins(server)
    assert {name: (pin.version, pin.why) for name, pin in pins.items()} == {
        "fastmcp": ("4.2.3", "installed beside it: fastmcp-4.2.3.dist-info"),
        "mcp": ("2.3.0", "installed beside it: mcp-2.3.0.dist-info"),
        "pydantic": ("2.14.4", "installed beside it: pydantic-2.14.4.dist-info")}
    [finding] = lint_text(_FASTMCP_SERVER, str(server), Settings()).findings
    assert (finding.rule, finding.message[:84]) == (
        "server-start-fails", "This server cannot start on mcp 2.3.0 (installed beside it: "
                              "mcp-2.3.0.dist-info): it")
    other = _distribution(tmp_path / "v1" / "site-packages", ["mcp>=1.4.1"])
    (other.parent.parent / "mcp-1.30.0.dist-info").mkdir()
    assert project_pins(other)["mcp"].version == "1.30.0"
    assert lint_text(_FASTMCP_SERVER, str(other), Settings()).findings == []


def test_an_installed_file_no_record_lists_has_no_pins(tmp_path: Path) -> None:
    # not the pins of a checkout holding the environment either
    (tmp_path / "requirements.txt").write_text("mcp==2.3.0\n", encoding="utf-8")
    server = _distribution(tmp_path / "site-packages", ["mcp>=1.9"])
    (server.parent.parent / "adder-1.0.dist-info" / "RECORD").write_text("other/x.py,,\n",
                                                                         encoding="utf-8")
    assert project_pins(server.parent / "__init__.py") == {}


def test_a_namespace_package_is_pinned_by_the_distribution_listing_the_file(
        tmp_path: Path) -> None:
    """awslabs' servers share the folder `awslabs/`: awslabs.dynamodb-mcp-server pins
    `mcp==1.26.0`, awslabs.aws-api-mcp-server (installed beside it) `mcp>=1.23.0`, whose newest
    release is 2.3.0 — read for the wrong distribution, it made the dynamodb server one that
    cannot start."""
    packages = tmp_path / "site-packages"
    for name, requires in (("api", "mcp>=1.23.0"), ("dynamo", "mcp==1.26.0")):
        folder = packages / "ns" / name
        folder.mkdir(parents=True)
        (folder / "server.py").write_text(_FASTMCP_SERVER, encoding="utf-8")
        info = packages / f"ns.{name}-1.0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.4\nName: ns.{name}\nVersion: 1.0\n"
                                       f"Requires-Dist: {requires}\n", encoding="utf-8")
        (info / "RECORD").write_text(f"ns/{name}/server.py,sha256=x,10\n"
                                     "ns/__init__.py,sha256=y,0\n", encoding="utf-8")
    server = packages / "ns" / "dynamo" / "server.py"
    assert {name: (pin.version, pin.why) for name, pin in project_pins(server).items()} == {
        "mcp": ("1.26.0", "pinned `mcp==1.26.0` in ns.dynamo-1.0.dist-info/METADATA")}
    assert [f.rule for f in lint_text(_FASTMCP_SERVER, str(server), Settings()).findings] == []
    # a file both list is neither's
    (packages / "ns" / "__init__.py").write_text("", encoding="utf-8")
    assert project_pins(packages / "ns" / "__init__.py") == {}


def test_a_re_export_from_another_distribution_is_not_read_through(tmp_path: Path) -> None:
    """The SDK 2.x's `mcp.types` is `from mcp_types import *`, and its framework treats the
    content types it holds apart (a `-> TextContent` tool lists no outputSchema): a name
    re-exported from another top-level package is not followed; within one package it is."""
    packages = tmp_path / "site-packages"
    for name, text in {
            "sdk/__init__.py": "", "sdk/types/__init__.py": "from sdk_types import *\n",
            "sdk_types/__init__.py": "from pydantic import BaseModel\n\n\n"
                                     "class Shape(BaseModel):\n    x: int\n",
            "server/__init__.py": "", "server/models/__init__.py": "from .shapes import *\n",
            "server/models/shapes.py": "from pydantic import BaseModel\n\n\n"
                                       "class Own(BaseModel):\n    y: int\n",
            "server/main.py": "from mcp.server.mcpserver import MCPServer\n"
                              "from sdk.types import Shape\nfrom server.models import Own\n\n"
                              "mcp = MCPServer('x')\n\n\n@mcp.tool()\n"
                              "def one(own: Own) -> str:\n    return ''\n\n\n@mcp.tool()\n"
                              "def two(shape: Shape) -> str:\n    return ''\n"}.items():
        (packages / name).parent.mkdir(parents=True, exist_ok=True)
        (packages / name).write_text(text, encoding="utf-8")
    main = packages / "server" / "main.py"
    tools = analyze(main.read_text(encoding="utf-8"), main).tools
    assert [(t.name, list((t.input_schema or {}).get("$defs", {})),
             [u.reason for u in t.unknown]) for t in tools] == [
        ("one", ["Own"], []),
        ("two", [], ["`sdk.types.Shape` comes from `sdk.types`, whose source portlint does "
                     "not read"])]


def test_every_top_level_module_of_the_distribution_is_the_project_s(tmp_path: Path) -> None:
    # office-powerpoint-mcp-server 2.0.7 installs `ppt_mcp_server.py` beside `tools/`: the
    # entry module gives `tools`' registering functions their server
    packages = tmp_path / "lib" / "python3.11" / "site-packages"
    (packages / "tools").mkdir(parents=True)
    (packages / "server.py").write_text(
        "from mcp.server.fastmcp import FastMCP\n\nfrom tools.charts import register\n\n"
        "app = FastMCP('demo')\nregister(app)\n", encoding="utf-8")
    (packages / "tools" / "__init__.py").write_text("", encoding="utf-8")
    charts = packages / "tools" / "charts.py"
    charts.write_text("def register(app):\n    @app.tool()\n    def update_chart(slide: int) -> "
                      "str:\n        \"\"\"Updates a chart.\"\"\"\n        return str(slide)\n",
                      encoding="utf-8")
    info = packages / "demo-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: demo\nVersion: 0.1\n"
                                   "Requires-Dist: mcp==1.30.0\n", encoding="utf-8")
    (info / "RECORD").write_text("server.py,,\ntools/__init__.py,,\ntools/charts.py,,\n"
                                 "demo-0.1.dist-info/METADATA,,\n../../../bin/demo,,\n",
                                 encoding="utf-8")
    result = analyze(charts.read_text(encoding="utf-8"), charts)
    assert [(t.name, t.unknown) for t in result.tools] == [("update_chart", [])]
    finder = ModuleFinder(charts)
    assert (finder.own, finder.also_own) == (packages / "tools", (packages / "server.py",))
