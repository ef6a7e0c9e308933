"""Whether a method of a class of the project runs, read without running anything: the calls
of it the project writes, and the object each is made on.

A method runs when it is called on `self` by its class's constructor, or by another method of
its class that runs; or called on an instance the project makes of a class whose method of that
name it is — `C(...).register()`, or `tools.register()` with `tools` bound once (in the
function calling it, else at the top of its module) to `C(...)`. A call on any other object
(a parameter, an attribute, a call of something else) is one portlint cannot follow: it is
said, never guessed."""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from typing import NamedTuple

from portlint.python.bindings import bindings_of, body_nodes, receiver_of
from portlint.python.bound_methods import Found, Place

Function = ast.FunctionDef | ast.AsyncFunctionDef


class MethodCall(NamedTuple):
    """A call `receiver.name(...)` and where it is written."""

    call: ast.Call
    receiver: ast.expr
    function: Function | None  # the function it is written in (None: the module's top level)
    cls: ast.ClassDef | None  # the module-level class that function is a method of, if any
    place: Place


def method_calls(place: Place, name: str) -> Iterator[MethodCall]:
    """Every call `x.name(...)` in the module ``place``, with the function it is written in."""
    pending: list[tuple[ast.AST, Function | None, ast.ClassDef | None]] = [
        (statement, None, None) for statement in reversed(place.tree.body)]
    while pending:
        node, function, cls = pending.pop()
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                node.func.attr == name:
            yield MethodCall(node, node.func.value, function, cls, place)
        if isinstance(node, ast.ClassDef):
            # a module-level class: its methods are its class's; a nested one's are not
            owner = node if function is None and cls is None else None
            pending.extend((child, function, owner) for child in reversed(node.body))
            pending.extend((child, function, cls) for child in reversed(
                [*node.bases, *node.keywords, *node.decorator_list]))
            continue
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            pending.extend((child, node, cls if function is None else None)
                           for child in reversed(node.body))
            outer = [*node.decorator_list, node.args]
            pending.extend((child, function, cls) for child in reversed(outer))
            continue
        pending.extend((child, function, cls) for child in reversed(list(
            ast.iter_child_nodes(node))))



def instance_class(call: MethodCall) -> ast.expr | None:
    """The class the receiver of ``call`` is an instance of, as written: `C` of `C(...).m()`,
    or of `x.m()` where `x` is bound once to `C(...)` in the function the call is written in
    (where it is not a parameter), else at the top of its module; None when not known."""
    receiver = call.receiver
    if isinstance(receiver, ast.Call):
        return receiver.func
    if not isinstance(receiver, ast.Name):
        return None
    name = receiver.id
    if call.function is not None:
        if any(a.arg == name for a in ast.walk(call.function.args) if isinstance(a, ast.arg)):
            return None
        local = bindings_of(body_nodes(call.function.body), name)
        if local:  # (a `global` declaration counts as a binding not followed)
            return _made_by(local)
    return _made_by(bindings_of(body_nodes(call.place.tree.body), name))


def runs(cls: ast.ClassDef, method: Function, *, is_this: Callable[[Found, Function], bool],
         find: Callable[[ast.expr, Place], Found | None],
         places: Callable[[str], list[Place]],
         where: Callable[[Place, ast.expr], str]) -> str | None:
    """None when ``method`` of ``cls`` runs on an instance the project makes (see the module's
    docstring); else why portlint cannot tell that it does. ``is_this`` says whether a class
    found binds its instances' attribute of a method's name to that very method; ``places``
    gives the modules that may call a method of a name (each mentioning it), the class's own
    first."""
    seen: set[int] = set()
    unfollowed: list[str] = []
    wanted = [method]
    while wanted:
        current = wanted.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        for place in places(current.name):
            for call in method_calls(place, current.name):
                caller = call.function
                if call.cls is cls and caller is not None and isinstance(
                        call.receiver, ast.Name) and call.receiver.id == receiver_of(caller):
                    if caller.name == "__init__":
                        return None  # its constructor calls it
                    wanted.append(caller)  # it runs when the method calling it runs
                    continue
                made = instance_class(call)
                found = find(made, place) if made is not None else None
                if found is not None and is_this(found, current):
                    return None
                if found is None:
                    written = ast.unparse(call.call.func)
                    unfollowed.append(f"`{written}` ({where(place, call.call)})")
    name = f"`{cls.name}.{method.name}`"
    if unfollowed:
        return (f"{name}, which registers it, is called as {unfollowed[0]} on what portlint "
                f"cannot trace to an instance of `{cls.name}`")
    return f"{name}, which registers it, is called nowhere portlint can follow"


def _made_by(values: list[ast.expr | None]) -> ast.expr | None:
    """`C` when the one binding is `C(...)`."""
    if len(values) == 1 and isinstance(values[0], ast.Call):
        return values[0].func
    return None
