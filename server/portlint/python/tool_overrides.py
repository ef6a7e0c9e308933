"""Server subclasses whose `tool` method wraps each function before registering it, read
without running them: mcp-atlassian's `ErrorPreservingFastMCP` and zotero-mcp's `_ZoteroMCP`
hand `super().tool(...)` their error handler's or context's wrapper of the function.

A decorator registration (`@mcp.tool(...)` or `@mcp.tool`) calls the override with what the
decorator is given: nothing or a name (`@mcp.tool(name="x")`, `@mcp.tool("x")`), or the
function itself (`@mcp.tool`). The override's body is followed for that call, statement by
statement, as far as it can be without running anything:

- `if` tests on the first parameter — `callable(p)`, `inspect.isroutine(p)` (and
  `isfunction`, `iscoroutinefunction`), `isinstance(p, str)`, `p is None`, `p is not None`,
  `not ...` — and on the keywords (`kwargs.get("name") is None`), which the registration says;
- `raise` (the registration fails: not followed), `kwargs = {**kwargs, "name": p}`, a name
  bound to `super().tool(p, **kwargs)`, an inner `def` taking the function;
- what it returns, for a function: `super().tool(W(fn), **kwargs)`, a registrar bound as above
  called with `W(fn)` (`return lambda fn: register(W(fn))`), or the inner `def` returning one.

The result is `W`, the decorator the framework's own `tool` is given the function through
(read then as a decorator written on the function: :mod:`applied_decorators`), or nothing when
the function is passed on unchanged. Anything else — a test on anything else, another
statement, keywords changed otherwise, a call given more than `**kwargs` — is said as the
reason the tool is not derived.
"""

from __future__ import annotations

import ast
from typing import NamedTuple

from portlint.python.names import Names
from portlint.python.shown import shown_code

Function = ast.FunctionDef | ast.AsyncFunctionDef

_ROUTINE_TESTS = frozenset(("inspect.isroutine", "inspect.isfunction",
                            "inspect.iscoroutinefunction", "builtins.callable"))
_FUNCTION, _NOTHING, _TEXT = "function", "nothing", "text"  # what the first parameter is


class Wrapping(NamedTuple):
    """The decorator expression the override hands the function through (None: unchanged)."""

    decorator: ast.expr | None


def tool_method(cls: ast.ClassDef) -> Function | None:
    """The `tool` method a class body defines (the last one)."""
    found = [s for s in cls.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))
             and s.name == "tool"]
    return found[-1] if found else None


def wrapping(method: Function, registration: ast.expr, names: Names) -> Wrapping | str:
    """What the override ``method`` (read in a module with ``names``) does with a function
    that ``registration`` (a decorator: `mcp.tool(...)` or `mcp.tool`) registers; a string:
    why that is not known."""
    arguments = method.args
    positional = [*arguments.posonlyargs, *arguments.args]
    if len(positional) != 2 or arguments.vararg or arguments.kwonlyargs or (
            arguments.kwarg is None) or method.decorator_list:
        return ("its `tool` takes other parameters than `(self, name_or_fn=None, "
                "**kwargs)`")
    if isinstance(registration, ast.Call):
        given = _TEXT if registration.args else _NOTHING
        keywords = {k.arg: k.value for k in registration.keywords if k.arg}
        if any(k.arg is None for k in registration.keywords) or len(registration.args) > 1 or (
                registration.args and not (isinstance(registration.args[0], ast.Constant)
                                           and isinstance(registration.args[0].value, str))):
            return "its `tool` is given `*args`/`**kwargs`, or more than a name"
    else:
        given, keywords = _FUNCTION, {}
    reader = _Reader(positional[1].arg, arguments.kwarg.arg, names, given, keywords)
    returned = reader.run(method.body)
    if returned is None:
        return "its `tool` returns nothing"
    if isinstance(returned, str):
        return returned
    if given == _FUNCTION:
        return reader.registered(returned, reader.parameter)
    return reader.decorator(returned)


class _Reader:
    def __init__(self, parameter: str, keywords_name: str, names: Names, given: str,
                 keywords: dict[str, ast.expr]) -> None:
        self.parameter = parameter
        self.keywords_name = keywords_name
        self.names = names
        self.given = given  # what the registration gives the first parameter
        self.keywords = keywords  # the keywords it gives
        self.registrars: set[str] = set()  # names bound to `super().tool(p, **kwargs)`
        self.inner: dict[str, Function] = {}

    def run(self, body: list[ast.stmt]) -> ast.expr | str | None:
        """What the body returns (the expression), why it cannot be told, or None when it
        runs to its end."""
        for statement in body:
            if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                continue  # a docstring
            if isinstance(statement, ast.Return):
                return statement.value if statement.value is not None else "it returns nothing"
            if isinstance(statement, ast.Raise):
                return "its `tool` raises for this registration"
            if isinstance(statement, ast.If):
                test = self.test(statement.test)
                if test is None:
                    return f"its `tool` tests `{shown_code(statement.test)}`"
                branch = self.run(statement.body if test else statement.orelse)
                if branch is not None:
                    return branch
                continue  # the branch falls through to what follows
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.inner[statement.name] = statement
                continue
            if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(
                    statement.targets[0], ast.Name):
                problem = self.assign(statement.targets[0].id, statement.value)
                if problem is not None:
                    return problem
                continue
            return f"its `tool` runs `{shown_code(statement)}`"
        return None

    def assign(self, name: str, value: ast.expr) -> str | None:
        if name == self.keywords_name and isinstance(value, ast.Dict):
            # `kwargs = {**kwargs, "name": name_or_fn}`: the name given is the name
            entries = list(zip(value.keys, value.values, strict=True))
            if entries and entries[0][0] is None and _is_name(entries[0][1], name) and all(
                    isinstance(k, ast.Constant) and k.value == "name"
                    and _is_name(v, self.parameter) for k, v in entries[1:]):
                return None
        if self.super_tool(value, self.parameter):
            self.registrars.add(name)
            return None
        return f"its `tool` sets `{name}` to `{shown_code(value)}`"

    def test(self, node: ast.expr) -> bool | None:
        """The value of an `if` test for this registration; None when it cannot be told."""
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            inner = self.test(node.operand)
            return None if inner is None else not inner
        if isinstance(node, ast.Call) and len(node.args) >= 1 and _is_name(
                node.args[0], self.parameter) and not node.keywords:
            called = self.names.qualified(node.func)
            if called in _ROUTINE_TESTS and len(node.args) == 1:
                return self.given == _FUNCTION
            if called == "builtins.isinstance" and len(node.args) == 2 and (
                    self.names.qualified(node.args[1]) == "builtins.str"):
                return self.given == _TEXT
            return None
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(
                node.comparators[0], ast.Constant) and node.comparators[0].value is None and (
                isinstance(node.ops[0], (ast.Is, ast.IsNot))):
            is_none = self.is_none(node.left)
            if is_none is None:
                return None
            return is_none if isinstance(node.ops[0], ast.Is) else not is_none
        return None

    def is_none(self, node: ast.expr) -> bool | None:
        if _is_name(node, self.parameter):
            return self.given == _NOTHING
        # `kwargs.get("name")`: what the registration gives under that keyword
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and (
                node.func.attr == "get") and _is_name(node.func.value, self.keywords_name) and (
                len(node.args) == 1) and isinstance(node.args[0], ast.Constant) and (
                not node.keywords):
            given = self.keywords.get(str(node.args[0].value))
            if given is None:
                return True  # not given
            if isinstance(given, ast.Constant):
                return given.value is None
            return None  # given something computed
        return None

    def super_tool(self, node: ast.expr, first: str | None) -> bool:
        """Whether ``node`` is `super().tool(<first>, **kwargs)` (`super(C, self).tool`),
        ``first`` a name, or None for any single positional argument."""
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "tool" and isinstance(node.func.value, ast.Call)
                and _is_name(node.func.value.func, "super")):
            return False
        passes_keywords = len(node.keywords) == 1 and node.keywords[0].arg is None and (
            _is_name(node.keywords[0].value, self.keywords_name))
        return passes_keywords and len(node.args) == 1 and (
            first is None or _is_name(node.args[0], first))

    def registered(self, node: ast.expr, function: str) -> Wrapping | str:
        """What a returned ``node`` registers of ``function`` (a name): `super().tool(W(f),
        **kwargs)` or `registrar(W(f))`."""
        if self.super_tool(node, None):
            assert isinstance(node, ast.Call)
            return self.handed(node.args[0], function)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and (
                node.func.id in self.registrars) and len(node.args) == 1 and not node.keywords:
            return self.handed(node.args[0], function)
        return f"its `tool` returns `{shown_code(node)}`"

    def handed(self, node: ast.expr, function: str) -> Wrapping | str:
        if _is_name(node, function):
            return Wrapping(None)
        if isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords and (
                _is_name(node.args[0], function)) and isinstance(node.func, (
                    ast.Name, ast.Attribute)):
            return Wrapping(node.func)
        return f"its `tool` registers `{shown_code(node)}`"

    def decorator(self, node: ast.expr) -> Wrapping | str:
        """What the decorator the override returns registers of the function it is given."""
        if isinstance(node, ast.Lambda):
            arguments = node.args
            if len(arguments.args) != 1 or arguments.vararg or arguments.kwarg:
                return f"its `tool` returns `{shown_code(node)}`"
            return self.registered(node.body, arguments.args[0].arg)
        if isinstance(node, ast.Name) and node.id in self.inner:
            inner = self.inner[node.id]
            arguments = inner.args
            body = [s for s in inner.body if not (
                isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
            if len(arguments.args) != 1 or arguments.vararg or arguments.kwarg or (
                    inner.decorator_list) or len(body) != 1 or not isinstance(
                    body[0], ast.Return) or body[0].value is None:
                return f"its `tool` returns `{inner.name}`, which does more than register"
            return self.registered(body[0].value, arguments.args[0].arg)
        if self.registrars and isinstance(node, ast.Name) and node.id in self.registrars:
            return Wrapping(None)  # `return register`: the framework's own decorator
        if self.super_tool(node, self.parameter):
            return Wrapping(None)
        return f"its `tool` returns `{shown_code(node)}`"


def _is_name(node: ast.expr | None, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name
