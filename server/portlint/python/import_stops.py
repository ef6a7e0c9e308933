"""Where a module stops because a module of its project that it imports stops.

A server is usually several modules: an entry point that imports its tools, its helpers and its
configuration before it registers or runs anything. When the pins bring the other line of the
MCP SDK than the code is written for, or a fastmcp release without a module the code imports,
the process dies at the first statement that fails, in whichever module that is
(:mod:`portlint.python.line_mismatch` and :mod:`portlint.python.fastmcp_imports` find it within
one module). So
for a module, an import of a project module that stops is itself where it stops, at that import,
with that module's exception: mcp-weather-server 0.6.1's `server.py` imports its weather tools
on line 27, whose modules import `utils.py`, whose `from mcp import McpError` raises ImportError
on mcp 2.3.0 — the process never reaches `server.py`'s own `@app.list_tools()` on line 204
(observed: the exception it dies with is the ImportError).

Only statements at the top of a module are followed (what runs when it is imported), and only
into the project's own modules (:class:`~portlint.python.modules.ModuleFinder`'s `own`: for an
installed package, its own top-level package — never the SDK installed beside it). A package's own
`__init__.py`, run on the way to a submodule, is not read. Cycles and chains deeper than
:data:`MAX_DEPTH` stop the search: a stop missed is the acceptable direction."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

from portlint.python.line_mismatch import Stop, first_stop
from portlint.python.modules import Module, ModuleFinder

MAX_DEPTH = 12  # modules imported one inside the other, followed at most


# where one module stops, given where its top-level imports of project modules stop
ModuleStop = Callable[[Module, Callable[[ast.Import | ast.ImportFrom], Stop | None]],
                      Stop | None]


def line_stops(generation: str, installed: Callable[[str], bool | None] | None) -> ModuleStop:
    """Where a module written for ``generation`` stops on the other line of the SDK
    (:func:`portlint.python.line_mismatch.first_stop`)."""
    return lambda module, imported: first_stop(module.tree, module.names, generation,
                                               installed, imported)


class ImportedStops:
    """For the modules of one project: whether a top-level import statement imports a project
    module that stops on the installed releases, as a :class:`Stop` at that statement.
    ``stop_in`` says where one module stops by its own statements (the SDK's other line:
    :func:`line_stops`; a fastmcp release lacking what it imports:
    :mod:`portlint.python.fastmcp_imports`)."""

    def __init__(self, finder: ModuleFinder, stop_in: ModuleStop) -> None:
        self.finder = finder
        self.stop_in = stop_in
        self._stops: dict[Path, Stop | None] = {}
        # the modules being read, the one asking first (an import back into it is a cycle)
        self._reading: list[Path] = [finder.path] if finder.path is not None else []

    def __call__(self, statement: ast.Import | ast.ImportFrom, importer: Path | None
                 ) -> Stop | None:
        for module in self._imported(statement, importer):
            inner = self._module_stop(module)
            if inner is not None:  # (its reason names the module and line that fail)
                return inner._replace(node=statement, at_import=True)
        return None

    def _said(self, inner: Stop, path: Path) -> str:
        """``inner``'s reason, naming the module it is in and its line (said once, of the
        deepest module: a chain of imports names the statement that really fails)."""
        where = f"`{self._shown(path)}` (its line {inner.node.lineno}, run by this import)"
        return inner.what.replace("the code", where, 1) if "the code" in inner.what else (
            f"{inner.what}, in {where}")

    def _shown(self, path: Path) -> str:
        root = self.finder.root
        return path.relative_to(root).as_posix() if root is not None and path.is_relative_to(
            root) else path.name

    def _imported(self, statement: ast.Import | ast.ImportFrom, importer: Path | None
                  ) -> list[Module]:
        """The project modules a statement imports, in the order it imports them."""
        if isinstance(statement, ast.Import):
            names = [alias.name for alias in statement.names]
        else:
            base = "." * statement.level + (statement.module or "")
            names = [base] + [f"{base}.{a.name}" if statement.module else f"{base}{a.name}"
                              for a in statement.names if a.name != "*"]
        found: list[Module] = []
        for name in names:
            module = self.finder.find(name, importer)
            # (an installed package's own: what its distribution installs, not the SDK's)
            if module is not None and self.finder.owns(module.path) and (
                    all(module.path != f.path for f in found)):
                found.append(module)
        return found

    def _module_stop(self, module: Module) -> Stop | None:
        path = module.path
        if path in self._stops:
            return self._stops[path]
        if path in self._reading or len(self._reading) > MAX_DEPTH:
            return None  # a cycle, or too deep: not followed (not remembered either)
        self._reading.append(path)
        try:
            stop = self.stop_in(module, lambda statement: self(statement, path))
        finally:
            self._reading.pop()
        if stop is not None and stop.origin is None:
            stop = stop._replace(what=self._said(stop, path), origin=self._shown(path))
        self._stops[path] = stop
        return stop
