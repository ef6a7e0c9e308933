"""Schema literals built by helper functions: `{"type": "object", "properties": {**_paging(),
"id": _id_property()}}`, where `_paging` and `_id_property` are functions of the module that
take nothing and only return a literal (arxiv-mcp-server's low-level tools are written so).

Such a call gives a new copy of the same literal each time it runs, so the literal stands in
for it: a `**` spread of it is its members, in order (a later key wins, as in Python), a value
is the literal itself, placed where the helper writes it. A helper taking arguments, decorated,
`async`, doing anything but return, or whose name is bound more than once anywhere in the module
(a parameter or local of that name where it is called is another value) is not read through
(what reads the literal then says the call is computed at run time)."""

from __future__ import annotations

import ast
from weakref import WeakKeyDictionary

from portlint.python.constants import ModuleConstants

MAX_HELPERS = 8  # helpers read one inside the other (a helper returning `{**itself()}` stops)
_LITERALS = (ast.Dict, ast.List, ast.Tuple, ast.Constant, ast.Set)


def inlined(node: ast.expr, module: ModuleConstants, depth: int = 0) -> ast.expr:
    """``node`` with each call of a helper of the module returning a literal replaced by that
    literal (new container nodes where something changed; ``node`` itself is never changed)."""
    if depth > MAX_HELPERS:
        return node
    if isinstance(node, ast.Call):
        returned = helper_literal(node, module)
        return inlined(returned, module, depth + 1) if returned is not None else node
    if isinstance(node, ast.Dict):
        keys: list[ast.expr | None] = []
        values: list[ast.expr] = []
        changed = False
        for key, value in zip(node.keys, node.values, strict=True):
            now = inlined(value, module, depth)
            if key is None and isinstance(now, ast.Dict):  # `**{...}`: its members
                keys.extend(now.keys)
                values.extend(now.values)
                changed = True
                continue
            keys.append(key)
            values.append(now)
            changed = changed or now is not value
        return ast.copy_location(ast.Dict(keys=keys, values=values), node) if changed else node
    if isinstance(node, (ast.List, ast.Tuple)):
        items = [inlined(item, module, depth) for item in node.elts]
        if all(now is item for now, item in zip(items, node.elts, strict=True)):
            return node
        made = ast.List(elts=items, ctx=ast.Load()) if isinstance(node, ast.List) else ast.Tuple(
            elts=items, ctx=ast.Load())
        return ast.copy_location(made, node)
    return node


def helper_literal(call: ast.Call, module: ModuleConstants) -> ast.expr | None:
    """The literal a call of a helper of the module returns (see the module's docstring), or
    None."""
    if not isinstance(call.func, ast.Name) or call.args or call.keywords:
        return None
    return _helpers(module).get(call.func.id)


_HELPERS: WeakKeyDictionary[ast.Module, dict[str, ast.expr]] = WeakKeyDictionary()


def _helpers(module: ModuleConstants) -> dict[str, ast.expr]:
    """The module's helpers, by name: each top-level function taking nothing whose body (a
    docstring aside) is `return LITERAL`, its name bound nowhere else in the module."""
    found = _HELPERS.get(module.tree)
    if found is None:
        found = _HELPERS[module.tree] = {}
        bound = module.binding_counts
        for statement in module.tree.body:
            if not isinstance(statement, ast.FunctionDef) or bound.get(statement.name) != 1:
                continue
            returned = _returned_literal(statement)
            if returned is not None:
                found[statement.name] = returned
    return found


def _returned_literal(statement: ast.FunctionDef) -> ast.expr | None:
    if statement.decorator_list:
        return None
    arguments = statement.args
    if (arguments.posonlyargs or arguments.args or arguments.vararg or arguments.kwonlyargs
            or arguments.kwarg):
        return None
    body = statement.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) and (
            isinstance(body[0].value.value, str)):
        body = body[1:]  # its docstring
    if len(body) != 1 or not isinstance(body[0], ast.Return):
        return None
    value = body[0].value
    return value if isinstance(value, _LITERALS) else None
