"""A `try` that imports one framework's server and falls back to another's where the import
fails: which server serves depends on the releases the project installs.

core-web-vitals-mcp 0.1.2 tries the SDK 2.x's `MCPServer` and falls back to 1.x's `FastMCP` in
`except ImportError:`; others try `fastmcp` and fall back to the SDK's `FastMCP`. The server
bound last is not the one that serves: the first part, in the order Python tries them, whose
framework the project installs is. (Nothing in either part is said to stop the server:
:func:`portlint.python.line_mismatch.catches_import_error`.)"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

from portlint.python.environment import Assumed, resolve
from portlint.python.line_mismatch import catches_import_error
from portlint.python.names import Names
from portlint.python.registrations import SERVER_CLASSES, Registration, server_constructions


def import_fallbacks(tree: ast.Module, names: Names) -> list[str]:
    """The kinds of server (`fastmcp`, `mcp1`, `mcp2`) a module imports or makes in the parts
    of a `try` that catches ImportError, in the order Python tries them, when its parts are of
    different kinds (`from fastmcp import FastMCP`, else `from mcp.server.fastmcp import
    FastMCP`): which one serves depends on the releases installed. Empty when no such `try`
    has two kinds."""
    constructions = server_constructions(tree, names)
    order: list[str] = []
    for node in ast.walk(tree):
        if not (isinstance(node, (ast.Try, ast.TryStar)) and catches_import_error(node)):
            continue
        parts = [_kinds_within(node.body, constructions)] + [
            _kinds_within([handler], constructions) for handler in node.handlers]
        if len({kind for part in parts for kind in part}) > 1:
            order += [kind for part in parts for kind in part if kind not in order]
    return order


def _kinds_within(statements: list[ast.stmt] | list[ast.ExceptHandler],
                  constructions: list[tuple[ast.Call, str]]) -> list[str]:
    """The kinds of the server classes the statements import or call, in order."""
    inside = [node for statement in statements for node in ast.walk(statement)]
    ids = {id(node) for node in inside}
    kinds: list[str] = []
    for node in inside:
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            for alias in node.names:
                kind = SERVER_CLASSES.get(f"{node.module}.{alias.name}")
                if kind is not None and kind not in kinds:
                    kinds.append(kind)
    for call, kind in constructions:
        if id(call) in ids and kind not in kinds:
            kinds.append(kind)
    return kinds


def installed_line(registration: Registration, fallbacks: list[str], path: Path | None,
                    framework: dict[str, Assumed] | None, pins: dict[str, Any]
                    ) -> Registration:
    """The registration on the server of the part of an import fallback that runs with the
    releases the project installs: the first, in the order tried, whose package the project
    requires (fastmcp) or whose line of the SDK its pins bring (not the server bound last)."""
    for kind in fallbacks:
        if kind == "fastmcp":
            installed = (framework is not None and "fastmcp" in framework) or "fastmcp" in pins
        else:
            environment = resolve(kind, path, framework, pins)
            installed = environment.brought is None and environment.generation == kind
        if installed:
            return registration._replace(kind=kind)
    return registration
