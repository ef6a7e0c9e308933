"""Where a module stops because the fastmcp release the server runs does not have a module or a
name it imports.

fastmcp moves and removes modules between releases, and a project that asks for fastmcp without
an upper bound gets the newest release on a fresh install. Observed with the releases
themselves (:mod:`portlint.python.fastmcp_gone`, recorded by
tests/python/record_fastmcp_names.py): on fastmcp 4.x, `from fastmcp.tools.tool import Tool`
stops with "ModuleNotFoundError: No module named 'fastmcp.tools.tool'" (3.x still answers it)
— mcp-server-starrocks 0.4.0 imports it before it registers anything; `from fastmcp.server.auth
import BearerAuthProvider` stops with ImportError on 3.x and 4.x (mcp-server-rabbitmq 2.2.0).
The other way round, code written for a newer release stops on an older one the pins hold.

Judged only where it is certain to run when the module is imported: an `import` or `from ...
import` statement at the module's top level (not inside a `try`, an `if`, a function or a
class), and, through :class:`~portlint.python.import_stops.ImportedStops`, the same statements
of the project modules it imports there. A release between two recorded ones of its line lacks
what both lack (:mod:`portlint.python.recorded_releases`); what no recorded release defines is
not judged."""

from __future__ import annotations

import ast
from collections.abc import Callable

from portlint.python.fastmcp_gone import MODULES_GONE, NAMES_GONE, RELEASES
from portlint.python.line_mismatch import Stop
from portlint.python.pins import Version, parse_version
from portlint.python.recorded_releases import failure_between

Imported = Callable[[ast.Import | ast.ImportFrom], Stop | None]


def _by_release() -> tuple[dict[str, dict[str, str]], dict[str, dict[str, set[str]]]]:
    """The recorded table by release: module → the module said missing, and module → the
    names it lacks."""
    modules: dict[str, dict[str, str]] = {release: {} for release in RELEASES}
    names: dict[str, dict[str, set[str]]] = {release: {} for release in RELEASES}
    for module, missing, releases in MODULES_GONE:
        for release in releases.split():
            modules[release][module] = missing
    for module, name, releases in NAMES_GONE:
        for release in releases.split():
            names[release].setdefault(module, set()).add(name)
    return modules, names


MODULES, NAMES = _by_release()


def first_gone(tree: ast.Module, version: str, imported: Imported | None = None) -> Stop | None:
    """The first top-level statement of the module that stops on fastmcp ``version``: its own
    import of what the release lacks, or an import of a project module that stops
    (``imported``); None when none does, or when the release cannot be judged."""
    for statement in tree.body:
        if not isinstance(statement, (ast.Import, ast.ImportFrom)):
            continue
        stop = _own_stop(statement, version)
        if stop is None and imported is not None:
            stop = imported(statement)
        if stop is not None:
            return stop
    return None


def _own_stop(statement: ast.Import | ast.ImportFrom, version: str) -> Stop | None:
    if isinstance(statement, ast.Import):
        for alias in statement.names:
            if _fastmcp(alias.name) and (missing := _missing_module(alias.name, version)):
                return _module_stop(statement, alias.name, missing)
        return None
    module = statement.module
    if statement.level or module is None or not _fastmcp(module):
        return None
    missing = _missing_module(module, version)
    if missing is not None:
        return _module_stop(statement, module, missing)
    for alias in statement.names:
        if alias.name != "*" and _missing_name(module, alias.name, version):
            return Stop(statement, f"`{alias.name}` in `{module}`, which the code imports",
                        f"ImportError: cannot import name '{alias.name}' from '{module}'", True,
                        needs=(module, alias.name))
    return None


def _module_stop(statement: ast.Import | ast.ImportFrom, module: str, missing: str) -> Stop:
    return Stop(statement, f"`{missing}`, which the code imports",
                f"ModuleNotFoundError: No module named '{missing}'", True, needs=(module, ""))


def _fastmcp(module: str) -> bool:
    return module == "fastmcp" or module.startswith("fastmcp.")


def _missing_module(module: str, version: str) -> str | None:
    """The module Python says is missing when fastmcp ``version`` imports ``module``."""
    return failure_between(MODULES, version, lambda gone: gone.get(module))


def _missing_name(module: str, name: str, version: str) -> bool:
    return failure_between(
        NAMES, version, lambda gone: name if name in gone.get(module, ()) else None) is not None


def mend(stop: Stop, version: str) -> str | None:
    """The pin that brings a recorded release importing what ``stop`` lacks: the newest line
    below ``version``'s whose newest recorded release has it (`fastmcp<4`), else the oldest
    line above it (`fastmcp>=4`); None when the newest release of no recorded line has it."""
    current = parse_version(version)
    if current is None or stop.needs is None:
        return None
    module, name = stop.needs
    newest: dict[int, tuple[Version, str]] = {}
    for release in MODULES:
        found = parse_version(release)
        if found is not None and (found[0] not in newest or found > newest[found[0]][0]):
            newest[found[0]] = (found, release)
    has = [line for line, (_, release) in newest.items()
           if _missing_module(module, release) is None and not (
               name and _missing_name(module, name, release))]
    below = [line for line in has if line < current[0]]
    if below:
        return f"`fastmcp<{max(below) + 1}`"
    above = [line for line in has if line > current[0]]
    return f"`fastmcp>={min(above)}`" if above else None
