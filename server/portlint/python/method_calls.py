"""Whether a method of a class of the project runs, read without running anything: the calls
of it the project writes, and the object each is made on.

A method runs when it is called on `self` by its class's constructor, or by another method of
its class that runs; or called on an instance the project makes of a class whose method of that
name it is — `C(...).register()`, or `tools.register()` with `tools` bound once (in the
function calling it, else at the top of its module) to `C(...)`. A call on any other object
(a parameter, an attribute, a call of something else) is one portlint cannot follow: it is
said, never guessed.

What runs is worked out once per class, for all its methods together (:class:`Reach`), and
each module's calls are indexed by name in one walk (:func:`calls_by_name`): a class of
thousands of methods calling one another costs time linear in the code read."""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import NamedTuple

from portlint.python.bindings import bindings_in, bindings_of, body_nodes, receiver_of
from portlint.python.bound_methods import Found, Place
from portlint.python.shown import shown_code

Function = ast.FunctionDef | ast.AsyncFunctionDef


class MethodCall(NamedTuple):
    """A call `receiver.name(...)` and where it is written."""

    call: ast.Call
    receiver: ast.expr
    function: Function | None  # the function it is written in (None: the module's top level)
    cls: ast.ClassDef | None  # the module-level class that function is a method of, if any
    place: Place


def calls_by_name(place: Place) -> dict[str, list[MethodCall]]:
    """Every call `x.name(...)` in the module ``place``, by ``name``, in one walk — but those
    made on a module the module imports (`csv.writer(...)`, `os.path.join(...)`), which are
    no method's."""
    modules = {(a.asname or a.name).split(".")[0] for node in ast.walk(place.tree)
               if isinstance(node, ast.Import) for a in node.names}
    found: dict[str, list[MethodCall]] = {}
    pending: list[tuple[ast.AST, Function | None, ast.ClassDef | None]] = [
        (statement, None, None) for statement in reversed(place.tree.body)]
    while pending:
        node, function, cls = pending.pop()
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and (
                _root_name(node.func.value) not in modules):
            found.setdefault(node.func.attr, []).append(
                MethodCall(node, node.func.value, function, cls, place))
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
    return found


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
        local = bindings_in(call.function, name)
        if local:  # (a `global` declaration counts as a binding not followed)
            return _made_by(local)
    return _made_by(bindings_of(body_nodes(call.place.tree.body), name))


class Reach:
    """Which methods of one class run (see the module's docstring).

    ``calls`` gives the calls of a method name in the modules that may make them (this class's
    first); ``find`` the class of the project an expression names there; ``is_this`` whether a
    class found binds its instances' attribute of a method's name to that very method;
    ``where`` says where a call is written."""

    def __init__(self, cls: ast.ClassDef, *, calls: Callable[[str], list[MethodCall]],
                 find: Callable[[ast.expr, Place], Found | None],
                 is_this: Callable[[Found, Function], bool],
                 where: Callable[[Place, ast.expr], str]) -> None:
        self.cls = cls
        methods = [s for s in cls.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))]
        # a name defined twice in the class body: the last definition is the method
        self._methods = {m.name: m for m in methods}
        # method → the methods calling it on `self`, in the order the calls are met (a dict:
        # the first call portlint cannot follow, said in the reason, is the same every run)
        self._callers: dict[str, dict[str, None]] = {}
        self._unfollowed: dict[str, str] = {}  # method → a call of it portlint cannot follow
        roots: list[str] = []
        for name, method in self._methods.items():
            for call in calls(name):
                caller = call.function
                if call.cls is cls and caller is not None and isinstance(
                        call.receiver, ast.Name) and call.receiver.id == receiver_of(caller):
                    self._callers.setdefault(name, {})[caller.name] = None
                    continue
                made = instance_class(call)
                found = find(made, call.place) if made is not None else None
                if found is not None and is_this(found, method):
                    roots.append(name)
                elif found is None and name not in self._unfollowed:
                    self._unfollowed[name] = (f"`{shown_code(call.call.func)}` "
                                              f"({where(call.place, call.call)})")
        if "__init__" in self._methods:
            roots.append("__init__")
        called: dict[str, set[str]] = {}  # method → the methods it calls on `self`
        for name, callers in self._callers.items():
            for calling in callers:
                called.setdefault(calling, set()).add(name)
        self._running: set[str] = set()
        pending = roots
        while pending:
            name = pending.pop()
            if name in self._running:
                continue
            self._running.add(name)
            pending.extend(called.get(name, ()))

    def why_not_run(self, method: Function) -> str | None:
        """None when ``method`` runs; else why portlint cannot tell that it does."""
        if method.name in self._running:
            return None
        # a call portlint cannot follow, of it or of a method calling it on `self`
        seen: set[str] = set()
        pending = [method.name]
        unfollowed: str | None = None
        while pending and unfollowed is None:
            name = pending.pop(0)
            if name in seen:
                continue
            seen.add(name)
            unfollowed = self._unfollowed.get(name)
            pending.extend(self._callers.get(name, ()))
        written = f"`{self.cls.name}.{method.name}`"
        if unfollowed is not None:
            return (f"{written}, which registers it, is called as {unfollowed} on what "
                    f"portlint cannot trace to an instance of `{self.cls.name}`")
        return f"{written}, which registers it, is called nowhere portlint can follow"


def _made_by(values: list[ast.expr | None]) -> ast.expr | None:
    """`C` when the one binding is `C(...)`."""
    if len(values) == 1 and isinstance(values[0], ast.Call):
        return values[0].func
    return None


def _root_name(node: ast.expr) -> str | None:
    """`a` of `a`, `a.b`, `a.b.c`; None for anything else."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None
