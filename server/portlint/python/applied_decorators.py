"""What a framework is handed for a tool function that carries decorators of its own.

`@mcp.tool()` registers what the decorators written below it make of the function, and
`mcp.tool()(fn)` what all of `fn`'s decorators make of it. The frameworks read that object
the way `inspect.signature` does (following `__wrapped__`), its `__name__` and its
`__doc__` (recorded in the `*-wrapped-tools` and `*-bare-wrapper` oracle cases under the SDK
1.x and 2.x and fastmcp 2, 3 and 4). A decorator of the project is read, without running it:

- one handing back an inner function decorated `@functools.wraps(func)` (its parameter): the
  framework sees the function itself — its parameters, annotations, name and docstring are
  copied or followed — whatever the wrapper takes (`*args, **kwargs`);
- one handing back its parameter (`REGISTRY.append(func); return func`): the function;
- one handing back an inner function without `wraps`: that function — its name, docstring and
  parameters are what is listed (every tool it decorates then has the wrapper's name, and a
  wrapper taking `*args` is refused by fastmcp);
- a decorator factory (`@retried(times=2)`): the function it hands back, read as above; a
  factory whose one `return` is a call of another (`return handle_mcp_errors(kind=kind)`,
  code-index-mcp's): what that call makes, read where the factory is written;
- a decorator handing back one of two functions by a condition (`return async_wrapper if
  is_async else sync_wrapper`, or a `return` in each branch of an `if`): what both make of
  the function, when they make the same.

The wrapper's own decorators are read the same way (`@handle_errors` over `@wraps(func)`).
Anything else is said as the reason the tool is not derived: a decorator portlint cannot find
among the project's functions (a library's: `functools.cache` makes fastmcp fail at start-up,
which is why no library decorator is assumed harmless), one taking more than the function,
one that sets attributes (`wrapper.__signature__ = ...`, `setattr`) or rebinds its
parameter, one handing back something else, or different functions by a condition, and a
wrapper whose listed parameters depend on the decorator's own names.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

from portlint.python.bindings import (
    bindings_in,
    body_nodes,
    call_has_splat,
    names_bound,
    parameter_names,
)
from portlint.python.bound_methods import Classes, FoundFunction, Place
from portlint.python.registering_helpers import wraps_target
from portlint.python.shown import shown_code

Function = ast.FunctionDef | ast.AsyncFunctionDef
Resolve = Callable[[ast.expr], FoundFunction | None]

_SETTERS = frozenset(("setattr", "delattr", "update_wrapper"))
_MAX_DEPTH = 8  # decorators of decorators' wrappers followed, at most
_MAX_STEPS = 64  # decorators applied in reading one tool's, at most


class Seen(NamedTuple):
    """The function whose signature, name and docstring the framework reads, and its module."""

    function: Function
    place: Place
    # the decorator written on the tool function that hands the framework another function
    # than the one it decorates (None: the framework reads the function itself)
    replaced_by: ast.expr | None = None


def decorators_applied(function: Function, registration: ast.expr) -> list[ast.expr]:
    """The decorators whose result ``registration`` registers: those written below it, when it
    is one of the function's decorators; all of them when it registers the name."""
    listed = function.decorator_list
    for i, decorator in enumerate(listed):
        if decorator is registration:
            return listed[i + 1:]
    return list(listed)


def framework_sees(function: Function, place: Place, decorators: Sequence[ast.expr],
                   resolve: Resolve, classes: Classes) -> Seen | str:
    """What the framework reads for ``function`` once ``decorators`` (outermost first) are
    applied; ``resolve`` finds a decorator written where the function is. A string: why that is
    not known."""
    return further(Seen(function, place), decorators, resolve, classes)


def further(seen: Seen, decorators: Sequence[ast.expr], resolve: Resolve,
            classes: Classes) -> Seen | str:
    """What ``decorators`` (outermost first) make of what the framework would read as
    ``seen`` (:func:`framework_sees`)."""
    reading = _Reading(classes)
    start = seen.function
    for decorator in reversed(decorators):
        result = reading.applied(decorator, seen, resolve, 0)
        if isinstance(result, str):
            return f"`{start.name}` is decorated with `@{shown_code(decorator)}`: {result}"
        if result.function is not seen.function:
            result = result._replace(replaced_by=decorator)
        seen = result
    return seen if seen.function is not start else seen._replace(replaced_by=None)


class _Reading:
    """One tool's decorators read: each decorator applied costs a step, within a budget
    (decorators of wrappers of decorators... a hostile module could otherwise make the
    reading exponential)."""

    def __init__(self, classes: Classes) -> None:
        self.classes = classes
        self.steps = _MAX_STEPS

    def applied(self, decorator: ast.expr, seen: Seen, resolve: Resolve,
                depth: int) -> Seen | str:
        """What ``decorator`` (written where ``resolve`` finds names) makes of ``seen``."""
        self.steps -= 1
        if depth > _MAX_DEPTH or self.steps < 0:
            return "its decorators nest too deeply to follow"
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        found = resolve(target)
        if found is None:
            return (f"`{shown_code(target)}` is not a function of the project portlint can read, "
                    "and the framework lists whatever it hands back")
        if not isinstance(decorator, ast.Call):
            return self.decorated(found.function, found.place, seen, depth, frozenset())
        if call_has_splat(decorator):
            return "it is given `*args`/`**kwargs`"
        made = _handed_back(found.function)
        if isinstance(made, str):
            forwarded = _forwarded(found.function)
            if forwarded is None:
                return f"`{found.function.name}` {made}"
            # a factory handing back what another factory makes (`return
            # handle_errors(kind=kind)`): that one, where the factory is written
            place = found.place
            return self.applied(forwarded, seen, lambda e: self.classes.function(e, place),
                                depth + 1)
        return self.decorated(made, found.place, seen, depth, names_bound(found.function))

    def decorated(self, decorator: Function, place: Place, seen: Seen, depth: int,
                  enclosing: frozenset[str], *, given_as: str | None = None) -> Seen | str:
        """What ``decorator`` (a `def` taking the function) makes of ``seen``. ``given_as``:
        the parameter the function is given to, when the decorator hands it to another
        function of the project with other arguments (`return _errors(prefix, fn)`): the
        others may not shape what the framework reads."""
        arguments = decorator.args
        positional = [*arguments.posonlyargs, *arguments.args]
        if given_as is None and (len(positional) != 1 or arguments.vararg or (
                arguments.kwonlyargs) or arguments.kwarg):
            return f"`{decorator.name}` takes more than the function"
        if decorator.decorator_list:
            return f"`{decorator.name}` is decorated itself"
        parameter = positional[0].arg if given_as is None else given_as
        if given_as is not None:
            enclosing = enclosing | (parameter_names(decorator) - {given_as})
        if bindings_in(decorator, parameter):
            return f"`{decorator.name}` binds `{parameter}` again"
        handed: dict[str, Seen] = {}  # what it hands back, by name, each read once
        for value in _handed_values(decorator):
            if isinstance(value, ast.Name) and value.id in handed:
                continue
            if isinstance(value, ast.Name) and value.id == parameter:
                handed[parameter] = seen
                continue
            if isinstance(value, ast.Call):
                delegated = self._delegated(value, parameter, place, seen, depth=depth,
                                            enclosing=enclosing)
                if isinstance(delegated, str):
                    return f"`{decorator.name}` hands back `{shown_code(value)}`: {delegated}"
                handed[f"<{id(value)}>"] = delegated
                continue
            inner = _inner_function(decorator, value.id) if isinstance(value, ast.Name) else None
            if inner is None:
                shown = shown_code(value) if value is not None else "None"
                return f"`{decorator.name}` hands back `{shown}`"
            result = self.wrapper(Seen(inner, place), parameter, seen, depth,
                                  enclosing | names_bound(decorator))
            if isinstance(result, str):
                return result
            handed[inner.name] = result
        if not handed:
            return f"`{decorator.name}` hands nothing back"
        if len({id(r.function) for r in handed.values()}) != 1:
            return f"`{decorator.name}` hands back different functions by a condition"
        changed = _sets_attributes(decorator, {parameter, *handed})
        if changed is not None:
            return f"`{decorator.name}` sets {changed}"
        return next(iter(handed.values()))

    def _delegated(self, call: ast.Call, parameter: str, place: Place, seen: Seen, *,
                   depth: int, enclosing: frozenset[str]) -> Seen | str:
        """What a call of another function of the project, given the function once as a
        plain argument (`_errors(prefix, fn)`, celery-mcp's error wrapper), makes of it: that
        function read as a decorator of the parameter it is given to."""
        self.steps -= 1
        if depth + 1 > _MAX_DEPTH or self.steps < 0:
            return "its decorators nest too deeply to follow"
        if call_has_splat(call):
            return "it is given `*args`/`**kwargs`"
        found = self.classes.function(call.func, place)
        if found is None:
            return f"`{shown_code(call.func)}` is not a function of the project portlint can read"
        given = [(i, None) for i, a in enumerate(call.args)
                 if isinstance(a, ast.Name) and a.id == parameter] + [
            (None, k.arg) for k in call.keywords
            if isinstance(k.value, ast.Name) and k.value.id == parameter]
        mentions = sum(isinstance(n, ast.Name) and n.id == parameter
                       for a in [*call.args, *(k.value for k in call.keywords)]
                       for n in ast.walk(a))
        if len(given) != 1 or mentions != 1:
            return "the function is not given to it once, as it is"
        index, keyword = given[0]
        positional = [*found.function.args.posonlyargs, *found.function.args.args]
        name = positional[index].arg if index is not None and index < len(positional) else (
            keyword if keyword is not None and keyword in parameter_names(found.function)
            else None)
        if name is None:
            return "it takes the function as no parameter of its own"
        return self.decorated(found.function, found.place, seen, depth + 1, enclosing,
                              given_as=name)

    def wrapper(self, inner: Seen, parameter: str, seen: Seen, depth: int,
                enclosing: frozenset[str]) -> Seen | str:
        """What the inner function a decorator hands back (``inner``) is to the framework: its
        decorators applied from the innermost, `@wraps(parameter)` making it the decorated
        function."""
        wrapper, place = inner.function, inner.place
        current = inner
        for decorator in reversed(wrapper.decorator_list):
            wrapped = wraps_target(decorator, place.names)
            if wrapped == parameter:
                current = seen
                continue
            if wrapped is not None:
                return f"`{wrapper.name}` copies `{wrapped}`, not the function"
            result = self.applied(decorator, current,
                                  lambda e: self.classes.function(e, place), depth + 1)
            if isinstance(result, str):
                return f"`{wrapper.name}` is decorated with `@{shown_code(decorator)}`: {result}"
            current = result
        if current.function is wrapper:
            used = _signature_names(wrapper) & enclosing
            if used:
                name = sorted(used)[0]
                return (f"the parameters of `{wrapper.name}`, which the framework lists, depend "
                        f"on `{name}`, set when the decorator runs")
        return current


def _handed_back(factory: Function) -> Function | str:
    """The one inner function every `return` of a decorator factory hands back."""
    returned = {r.value.id if isinstance(r.value, ast.Name) else None
                for r in _returns(factory)}
    if len(returned) != 1 or None in returned:
        return "does not hand back one function of its own"
    name = returned.pop()
    inner = _inner_function(factory, name) if name is not None else None
    return inner if inner is not None else "does not hand back one function of its own"


def _forwarded(factory: Function) -> ast.Call | None:
    """The call a decorator factory's one `return` hands back (code-index-mcp's
    `handle_mcp_tool_errors(kind)`: `return handle_mcp_errors(return_type=kind)`), when that
    is all it returns; None otherwise."""
    returns = _returns(factory)
    if len(returns) != 1 or not isinstance(returns[0].value, ast.Call):
        return None
    return returns[0].value


def _handed_values(function: Function) -> list[ast.expr | None]:
    """What each `return` of ``function``'s own body gives, both sides of a conditional
    expression each (`return async_wrapper if is_async else sync_wrapper`)."""
    values: list[ast.expr | None] = []
    pending: list[ast.expr | None] = [r.value for r in reversed(_returns(function))]
    while pending:
        value = pending.pop()
        if isinstance(value, ast.IfExp):
            pending += [value.orelse, value.body]
        else:
            values.append(value)
    return values


def _returns(function: Function) -> list[ast.Return]:
    """The `return` statements of ``function``'s own body (not its inner functions')."""
    return [node for node in body_nodes(function.body) if isinstance(node, ast.Return)]


def _inner_function(function: Function, name: str) -> Function | None:
    """The `def` of ``name`` in ``function``'s own body, when it is bound nowhere else there."""
    if len(bindings_in(function, name)) != 1:
        return None
    return next((node for node in body_nodes(function.body) if isinstance(node, (
        ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name), None)


def _sets_attributes(decorator: Function, objects: set[str]) -> str | None:
    """How ``decorator``'s own body changes the attributes of what it handles (``objects``:
    its parameter and what it hands back) that a framework reads, said; None when it does
    not. The frameworks and Pydantic read a function's dunders only (`__name__`, `__doc__`,
    `__annotations__`, `__signature__`, `__wrapped__`, `__module__`, fastmcp's `__fastmcp__`:
    read off fastmcp 2.14 to 4.2 and the SDK): a mark of the project's own (`fn._read_only =
    True`, read back by its own code) changes nothing they list."""
    for node in body_nodes(decorator.body):
        if isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load) and (
                isinstance(node.value, ast.Name) and node.value.id in objects) and (
                _dunder(node.attr)):
            return f"`{shown_code(node)}`"
        if isinstance(node, ast.Call):
            called = node.func.attr if isinstance(node.func, ast.Attribute) else (
                node.func.id if isinstance(node.func, ast.Name) else None)
            named = node.args[1] if called == "setattr" and len(node.args) > 1 else None
            if called in _SETTERS and not (isinstance(named, ast.Constant) and isinstance(
                    named.value, str) and not _dunder(named.value)):
                return f"attributes with `{called}`"
    return None


def _dunder(name: str) -> bool:
    return name.startswith("__") and name.endswith("__")


def _signature_names(function: Function) -> set[str]:
    """The names the parameters' annotations and defaults, and the return annotation, use."""
    arguments = function.args
    parts: list[ast.AST] = [*arguments.defaults,
                            *(d for d in arguments.kw_defaults if d is not None)]
    for argument in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
                     arguments.vararg, arguments.kwarg]:
        if argument is not None and argument.annotation is not None:
            parts.append(argument.annotation)
    if function.returns is not None:
        parts.append(function.returns)
    return {node.id for part in parts for node in ast.walk(part) if isinstance(node, ast.Name)}



def replacement_message(by: str, written: Function, listed: Function,
                        options: Mapping[str, ast.expr]) -> str:
    """What a decorator (``by``, said) handing the framework ``listed`` instead of ``written``
    changes in the tool (``options``: what the registration itself gives, `name=` and
    `description=`)."""
    changed: list[str] = []
    if "name" not in options:
        changed.append(f"as `{listed.name}`")
    if "description" not in options:
        changed.append(f"described by `{listed.name}`'s docstring" if ast.get_docstring(
            listed) else "without a description")
    parameters = ast.unparse(listed.args)
    changed.append(f"with `{listed.name}`'s parameters (`{parameters}`)" if parameters else
                   f"with `{listed.name}`'s parameters (none)")
    return (f"{by} hands the framework `{listed.name}`, a function of its own, instead of "
            f"`{written.name}`: mcp and fastmcp read the tool {_joined(changed)}.")


def _joined(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
