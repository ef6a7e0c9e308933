"""Code that changes a server's tools through its private registry, after they are registered.

mcp-server-for-ynab 0.4.0 walks `server._tool_manager._tools` and sets each tool's `title` and
`description`; clients are listed what that code leaves, which portlint does not run — it
derived 50 titles from the registrations, and said nothing. A function (or the module's own
code) that reaches a server's `_tool_manager` and, in the same body, assigns or deletes an
attribute, or calls a method that changes a collection (`pop`, `update`, `clear`,
`add_tool`, `remove_tool`, …), is said where it reaches the registry: the tools are derived as
registered, and the note says the server may list them otherwise. A body that only reads the
registry (`len(mcp._tool_manager._tools)` for a log line) says nothing."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from portlint.python.bindings import body_nodes

_REGISTRY = "_tool_manager"
_CHANGING = frozenset(("pop", "popitem", "update", "clear", "setdefault", "add_tool",
                       "remove_tool", "add", "discard", "remove", "append", "extend", "insert"))


def registry_changes(tree: ast.Module) -> list[ast.Attribute]:
    """Where each body that changes what it reaches through a server's `_tool_manager` first
    reaches it."""
    found = []
    for body in _bodies(tree):
        reached = next((node for node in body_nodes(body) if isinstance(node, ast.Attribute)
                        and node.attr == _REGISTRY), None)
        if reached is not None and any(_changes(node) for node in body_nodes(body)):
            found.append(reached)
    return found


def _bodies(tree: ast.Module) -> Iterator[list[ast.stmt]]:
    """The module's own statements, and each function's."""
    yield tree.body
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node.body


def _changes(node: ast.AST) -> bool:
    if isinstance(node, (ast.Attribute, ast.Subscript)) and isinstance(
            node.ctx, (ast.Store, ast.Del)):
        return True
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and (
        node.func.attr in _CHANGING)
