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
