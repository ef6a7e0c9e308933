"""Schema literals built by helper functions: `{"type": "object", "properties": {**_paging(),
"id": _id_property()}}`, where `_paging` and `_id_property` are functions of the module that
take nothing and only return a literal (arxiv-mcp-server's low-level tools are written so).

Such a call gives a new copy of the same literal each time it runs, so the literal stands in
for it: a `**` spread of it is its members, in order (a later key wins, as in Python), a value
is the literal itself, placed where the helper writes it. A helper taking arguments, decorated,
`async`, doing anything but return, or bound more than once in the module is not read through
(what reads the literal then says the call is computed at run time)."""

from __future__ import annotations

import ast
from weakref import WeakKeyDictionary

MAX_HELPERS = 8  # helpers read one inside the other (a helper returning `{**itself()}` stops)
_LITERALS = (ast.Dict, ast.List, ast.Tuple, ast.Constant, ast.Set)


def inlined(node: ast.expr, tree: ast.Module, depth: int = 0) -> ast.expr:
    """``node`` with each call of a helper of ``tree`` returning a literal replaced by that
    literal (new container nodes where something changed; ``node`` itself is never changed)."""
    if depth > MAX_HELPERS:
        return node
    if isinstance(node, ast.Call):
        returned = helper_literal(node, tree)
        return inlined(returned, tree, depth + 1) if returned is not None else node
    if isinstance(node, ast.Dict):
        keys: list[ast.expr | None] = []
        values: list[ast.expr] = []
        changed = False
        for key, value in zip(node.keys, node.values, strict=True):
            now = inlined(value, tree, depth)
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
        items = [inlined(item, tree, depth) for item in node.elts]
        if all(now is item for now, item in zip(items, node.elts, strict=True)):
            return node
        made = ast.List(elts=items, ctx=ast.Load()) if isinstance(node, ast.List) else ast.Tuple(
            elts=items, ctx=ast.Load())
        return ast.copy_location(made, node)
    return node


def helper_literal(call: ast.Call, tree: ast.Module) -> ast.expr | None:
    """The literal a call of a helper of ``tree`` returns (see the module's docstring), or
    None."""
    if not isinstance(call.func, ast.Name) or call.args or call.keywords:
        return None
    return _helpers(tree).get(call.func.id)


_HELPERS: WeakKeyDictionary[ast.Module, dict[str, ast.expr]] = WeakKeyDictionary()


def _helpers(tree: ast.Module) -> dict[str, ast.expr]:
    """The module's helpers, by name: each top-level function taking nothing whose body (a
    docstring aside) is `return LITERAL`, its name bound nowhere else at the top level."""
    found = _HELPERS.get(tree)
    if found is None:
        found = _HELPERS[tree] = {}
        bound: dict[str, int] = {}
        for statement in tree.body:
            for name in _top_level_names(statement):
                bound[name] = bound.get(name, 0) + 1
        for statement in tree.body:
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


def _top_level_names(statement: ast.stmt) -> list[str]:
    """The names a top-level statement binds (enough to tell a helper bound once)."""
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [statement.name]
    if isinstance(statement, (ast.Import, ast.ImportFrom)):
        return [(a.asname or a.name).split(".")[0] for a in statement.names]
    return [n.id for n in ast.walk(statement) if isinstance(n, ast.Name)
            and not isinstance(n.ctx, ast.Load)]
