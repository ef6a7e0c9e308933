"""Tools a module registers and then removes with `remove_tool`: the server does not list them.

`mcp.remove_tool("name")` deletes the tool the server lists under that name, whichever
registration made it; a registration of that name after the call is listed (recorded by the
oracle projects `*-remove-tool` under fastmcp 2.10.6, 2.14.7, 3.0.0, 3.4.11 and the SDK 1.30.0
and 2.3.0; fastmcp 4.x's server has no `remove_tool` and the SDK 1.3.0's neither: said by
:mod:`portlint.python.missing_attributes`).

Only what is certain to run in order is read: a call written as a statement of the module's top
level, naming the tool by a literal string, on the expression the registrations are written on
(`mcp`), removes the tools registered by top-level statements before it. Anything else leaves
the tools listed, as a finding about a tool that may be removed is true whenever it is not."""

from __future__ import annotations

import ast
from collections.abc import Sequence

from portlint.python.frameworks import ToolDecl
from portlint.python.registrations import Registration
from portlint.python.shadowing import server_written_on
from portlint.python.shown import shown_code


def removed(made: Sequence[tuple[Registration, ToolDecl]], tree: ast.Module) -> dict[int, str]:
    """The registrations of ``made`` (by place) whose tools a later `remove_tool` call
    removes, with why."""
    calls = [(at, statement.value) for at, statement in enumerate(tree.body)
             if isinstance(statement, ast.Expr) and _removed_name(statement.value) is not None]
    if not calls:
        return {}
    statement_of = _top_level_statements(tree)
    found: dict[int, str] = {}
    for at, call in calls:
        assert isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
        name = _removed_name(call)
        server = ast.unparse(call.func.value)
        for i, (registration, tool) in enumerate(made):
            written = registration.written or registration.node
            place = statement_of.get(id(written))
            if (i in found or place is None or place >= at or not tool.resolved_name
                    or tool.name != name or server_written_on(written) != server):
                continue
            found[i] = (f"the module removes it with `{shown_code(call)}` (line "
                        f"{call.lineno})")
    return found


def _removed_name(node: ast.expr) -> str | None:
    """`x` of `mcp.remove_tool("x")`."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "remove_tool" and not node.keywords):
        return None
    if len(node.args) == 1 and isinstance(node.args[0], ast.Constant) and isinstance(
            node.args[0].value, str):
        return node.args[0].value
    return None


def _top_level_statements(tree: ast.Module) -> dict[int, int]:
    """The registering expressions written directly in a statement of the module's top level
    (a decorator of a definition there, or an expression statement's or assignment's value,
    a call of it included), by id, to the statement's place."""
    found: dict[int, int] = {}
    for at, statement in enumerate(tree.body):
        heads: list[ast.expr] = []
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            heads = list(statement.decorator_list)
        elif isinstance(statement, (ast.Expr, ast.Assign)):
            heads = [statement.value]
        for head in heads:
            node: ast.expr = head
            found[id(node)] = at
            while isinstance(node, ast.Call):  # `mcp.tool(name="x")(fn)`
                node = node.func
                found[id(node)] = at
    return found
