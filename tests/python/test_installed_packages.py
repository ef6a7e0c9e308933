"""A module of an installed package (under `site-packages`) is read within that package: its
absolute imports resolve from `site-packages`, and what portlint searches for other places
setting a name is the package's own files — not every package installed beside it (an
`x.name = ...` in anyio's threads once made mcp-obsidian's fifteen handler names "set
elsewhere"), nor the checkout holding the virtual environment."""

from __future__ import annotations

from pathlib import Path

import pytest

from portlint.python.analysis import analyze
from portlint.python.modules import ModuleFinder

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
