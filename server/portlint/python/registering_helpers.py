"""Functions of a module that register the function they are given, and wrappers that hand a
function on unchanged, read without running them.

A registering helper is a module-level function that registers one of its parameters —
`def _register_tool(name, fn): mcp.tool(name=name)(fn)` — never binding it again. Each call of
it the module makes (`_register_tool("ListWorkflows", list_workflows)`) registers what that
call passes, with the helper's other parameters read as that call's arguments
(`name=name` as `"ListWorkflows"`); the tool is placed at the call. A helper used as a plain
decorator (`@register` over `def ping(...)`), its first parameter the one registered, registers
what the decorators below it make of the function (:mod:`applied_decorators`), its other
parameters at their defaults. A helper the module never calls, or a call passing
`*args`/`**kwargs`, is reported.

A decorator factory is a function that returns, from every `return` of its own, one inner
function bound once, whose first parameter is registered — `def register_tool(name): def
decorator(fn): mcp.tool(fn, name=name); return fn; return decorator` (wikipedia-mcp). Each use
`@register_tool("search")` over a function, or `register_tool("search")(fn)`, registers that
function, the factory's parameters read as the use's arguments wherever the registration's
keywords name them (`name=f"wiki_{name}"` too). The factory's name must be bound once in the
body defining it; a use in a function binding that name itself means something else.

A wrapper is a project function whose every `return` gives back one inner function decorated
`@functools.wraps(fn)`, `fn` a parameter of the wrapper (awslabs healthomics' `paginating(name,
fn)`): `inspect.signature`, which every framework reads the tool through, follows the
`__wrapped__` such a decorator sets, and the docstring and annotations are copied, so the
framework lists the function it was given (recorded in the `*-helper-registration` projects).
"""

from __future__ import annotations

import ast
from typing import NamedTuple

from portlint.python.bindings import bindings_in, body_nodes
from portlint.python.names import Names
from portlint.python.syntax_copy import replaced_names

Function = ast.FunctionDef | ast.AsyncFunctionDef
_WRAPS = frozenset(("functools.wraps",))


class HelperCall(NamedTuple):
    """A call of a registering helper, and the function it is written in (None: the module's
    top level)."""

    call: ast.Call
    function: Function | None


def registers_parameter(function: Function, parameter: str) -> bool:
    """Whether ``parameter`` is one of ``function``'s and its body never binds it again."""
    arguments = function.args
    names = {a.arg for a in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]}
    return parameter in names and not bindings_in(function, parameter)


def function_calls(tree: ast.Module) -> dict[str, list[HelperCall]]:
    """The calls `name(...)` the module makes, anywhere, by ``name``, each with the function
    holding it (read once per module: a helper may be called thousands of times)."""
    found: dict[str, list[HelperCall]] = {}
    pending: list[tuple[ast.AST, Function | None]] = [(tree, None)]
    while pending:
        node, function = pending.pop()
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            found.setdefault(node.func.id, []).append(HelperCall(node, function))
        inner = node if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else function
        pending.extend((child, inner) for child in reversed(list(ast.iter_child_nodes(node))))
    return found


class Decorated(NamedTuple):
    """A function a helper decorates (`@register`), and the decorator."""

    function: Function
    decorator: ast.expr


def decorated_by_name(tree: ast.Module) -> dict[str, list[Decorated]]:
    """The functions the module decorates with a plain name (`@register`), by that name."""
    found: dict[str, list[Decorated]] = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for decorator in node.decorator_list:
                if isinstance(decorator, ast.Name):
                    found.setdefault(decorator.id, []).append(Decorated(node, decorator))
    return found


class FactoryUse(NamedTuple):
    """A use of a decorator factory: the call of the factory, what it is applied to (a
    decorated function, or the expression a call passes), and the function holding the use
    (None: the module's top level)."""

    call: ast.Call
    applied: Function | ast.expr
    function: Function | None


def returned_decorator(factory: Function, decorator: Function) -> bool:
    """Whether every `return` of ``factory``'s own body gives ``decorator``, one of its inner
    functions bound once there (and there is such a `return`)."""
    returns = [n for n in body_nodes(factory.body) if isinstance(n, ast.Return)]
    return bool(returns) and all(
        isinstance(r.value, ast.Name) and r.value.id == decorator.name for r in returns
    ) and any(n is decorator for n in factory.body) and len(
        bindings_in(factory, decorator.name)) == 1


def factory_uses(tree: ast.Module) -> dict[str, list[FactoryUse]]:
    """The uses `@name(...)` over a function and `name(...)(value)` the module makes, anywhere,
    by ``name``, each with the function holding it."""
    found: dict[str, list[FactoryUse]] = {}
    pending: list[tuple[ast.AST, Function | None]] = [(tree, None)]
    while pending:
        node, function = pending.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for decorator in node.decorator_list:
                if isinstance(decorator, ast.Call) and isinstance(decorator.func, ast.Name):
                    found.setdefault(decorator.func.id, []).append(
                        FactoryUse(decorator, node, function))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Call) and isinstance(
                node.func.func, ast.Name) and len(node.args) == 1 and not node.keywords:
            found.setdefault(node.func.func.id, []).append(
                FactoryUse(node.func, node.args[0], function))
        inner = node if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else function
        pending.extend((child, inner) for child in reversed(list(ast.iter_child_nodes(node))))
    return found


def substituted(expression: ast.expr, values: dict[str, ast.expr]) -> ast.expr:
    """``expression`` with the names of ``values`` read as those expressions (a copy, when any
    is there; the expressions put in are the originals, so they keep their places)."""
    if not any(isinstance(n, ast.Name) and n.id in values for n in ast.walk(expression)):
        return expression
    return replaced_names(expression, values)


def wrapped_parameter(function: Function, names: Names) -> str | None:
    """The parameter ``function`` hands back wrapped unchanged: every `return` in its body (its
    own, not an inner function's) gives the one inner function decorated `@wraps(param)`;
    None for any other function."""
    arguments = function.args
    parameters = {a.arg for a in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]}
    inner: dict[str, str] = {}  # an inner function's name -> the parameter it wraps
    returns: list[ast.Return] = []
    for node in body_nodes(function.body):
        if isinstance(node, ast.Return):
            returns.append(node)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node is not function:
            wrapped = _wraps(node, names)
            if wrapped is not None and wrapped in parameters:
                inner[node.name] = wrapped
    given = {inner.get(r.value.id) if isinstance(r.value, ast.Name) else None for r in returns}
    if len(given) != 1 or len(inner) != 1:
        return None
    parameter = given.pop()
    if parameter is None or bindings_in(function, parameter):
        return None
    name = next(iter(inner))
    return parameter if len(bindings_in(function, name)) == 1 else None


def _wraps(function: Function, names: Names) -> str | None:
    """``p`` when ``function``'s only decorator is `@wraps(p)` (`functools.wraps`)."""
    if len(function.decorator_list) != 1:
        return None
    return wraps_target(function.decorator_list[0], names)


def wraps_target(decorator: ast.expr, names: Names) -> str | None:
    """``p`` when ``decorator`` is `@functools.wraps(p)` as it is (given `assigned=` or
    `updated=`, it may not copy the name, docstring or `__wrapped__`)."""
    if not (isinstance(decorator, ast.Call) and names.qualified(decorator.func) in _WRAPS
            and len(decorator.args) == 1 and not decorator.keywords
            and isinstance(decorator.args[0], ast.Name)):
        return None
    return decorator.args[0].id
