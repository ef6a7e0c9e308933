"""Tools registered twice under one name on one server: which registration the server lists.

The frameworks never list two tools of one name, and they do not agree on which one they keep
(recorded by the oracle projects `f4/m1/m2-duplicate-names`): the MCP SDK (`FastMCP` of mcp 1.x,
`MCPServer` of 2.x) keeps the first registration and ignores the later ones with a warning in
its log; fastmcp (2.10 to 4.x) replaces the tool with the later registration, listed where the
first one was. A registration that is not listed is said where it is written
(:mod:`portlint.rules.tool_shadowed`) and its tool is left out of what the module lists.

Two registrations are on one server when they are written on the same expression
(`mcp.tool`, `self.mcp.tool`) in the same function (or at module level) of the same module, and
their names are known. Tools whose names are computed at run time are never merged."""

from __future__ import annotations

import ast
from collections.abc import Collection, Sequence
from typing import NamedTuple

from portlint.python.bindings import statement_holding
from portlint.python.frameworks import ToolDecl
from portlint.python.registrations import REGISTERING, Registration


class Shadowed(NamedTuple):
    """A registration the server does not list, and why."""

    node: ast.expr
    message: str


def listed(made: Sequence[tuple[Registration, ToolDecl]], tree: ast.Module,
           gone: Collection[int] = ()) -> tuple[list[int], list[Shadowed]]:
    """Which registrations of ``made`` the server lists — their places in ``made``, in the
    server's order — and those it does not list. ``gone``: the places of registrations whose
    tools are removed before any later one is made (:mod:`portlint.python.removed_tools`),
    neither listed nor shadowing another."""
    names = [tool.name for i, (_, tool) in enumerate(made) if tool.resolved_name
             and i not in gone]
    if len(names) == len(set(names)):  # the common module: no name twice, nothing to read
        return [i for i in range(len(made)) if i not in gone], []
    scopes = _scopes(tree)
    order: list[int | None] = [None if i in gone else i for i in range(len(made))]
    first_at: dict[tuple[str, str, int, str], int] = {}  # (server, name) → its place
    shadowed: list[Shadowed] = []
    for i, (registration, tool) in enumerate(made):
        if i in gone:
            continue
        written = registration.written or registration.node  # (a helper's, for its calls)
        server = server_written_on(written)
        if server is None or not tool.resolved_name:
            continue
        key = (registration.kind, server, _scope(scopes, written), tool.name)
        place = first_at.setdefault(key, i)
        if place == i:
            continue
        earlier = order[place]
        assert earlier is not None
        if exclusive(tree, made[earlier][0].written or made[earlier][0].node, written):
            continue  # `if …: register A else: register B`: one runs, never both
        if registration.kind == "fastmcp":  # the later one, where the first one was
            shadowed.append(Shadowed(made[earlier][0].node, (
                f"The tool `{tool.name}` registered here is not listed: fastmcp replaces it "
                f"with the later registration of that name (line {registration.node.lineno}), "
                "listed in its place.")))
            order[place] = i
        else:
            shadowed.append(Shadowed(registration.node, (
                f"The tool `{tool.name}` registered here is not listed: the MCP SDK keeps the "
                f"first registration of that name (line {made[earlier][0].node.lineno}) and "
                "ignores this one, saying so only in its log.")))
        order[i] = None
    return [i for i in order if i is not None], shadowed


def exclusive(tree: ast.Module, first: ast.AST, second: ast.AST) -> bool:
    """Whether two places are in branches of one `if` (or `match`) that exclude each other:
    at most one of them runs."""
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and node.orelse:
            branches = [node.body, node.orelse]
        elif isinstance(node, ast.Match):
            branches = [case.body for case in node.cases]
        else:
            continue
        held = [next((i for i, body in enumerate(branches)
                      if statement_holding(body, place) is not None), None)
                for place in (first, second)]
        if held[0] is not None and held[1] is not None and held[0] != held[1]:
            return True
    return False


def server_written_on(node: ast.expr) -> str | None:
    """The expression a registration is written on (`mcp` of `@mcp.tool()`), as text."""
    target = node.func if isinstance(node, ast.Call) else node
    while isinstance(target, ast.Call):  # `mcp.tool(name=...)(fn)`
        target = target.func
    if isinstance(target, ast.Attribute) and target.attr in REGISTERING:
        return ast.unparse(target.value)
    return None


def _scopes(tree: ast.Module) -> list[tuple[int, int, int]]:
    """(first line, last line, id) of every function and class: the scopes a server made in
    one of them belongs to."""
    return [(node.lineno, node.end_lineno or node.lineno, id(node)) for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]


def _scope(scopes: list[tuple[int, int, int]], node: ast.expr) -> int:
    """The innermost function or class holding ``node`` (0: the module)."""
    holding = [(last - first, scope) for first, last, scope in scopes
               if first <= node.lineno <= last]
    return min(holding)[1] if holding else 0
