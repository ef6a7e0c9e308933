"""The constant an attribute of `self` holds, when the class's source says it: a tool named
`name=self.name` in a registration made by a method, or in the `Tool(...)` a method returns.

Read without running anything, for one class — the class of `self` — and its line of bases
(:meth:`~portlint.python.bound_methods.Classes.line`: classes of the project, followed only when
nothing in them can change what an attribute gives). The attribute is known when

* no class of the project derives from the class (the method's `self` is then always an
  instance of this very class, so it is one tool, under one name);
* nothing sets the attribute on anything but `self` in a method of a class of the line
  (`handler.name = ...` anywhere in the project, its tests aside);
* and either `self.name = ...` is written once, directly in the body of a constructor of the
  line that runs — the first `__init__` of the line, or one it calls directly in its body as
  `super().__init__(...)` or `Base.__init__(self, ...)`, step by step — to a constant, or to a
  parameter the constructor calling it gives a constant (`super().__init__(TOOL_NAME)`); or it
  is set on `self` nowhere and bound once in the body of the nearest class of the line binding
  it, to a constant (`name = "plugin_run"`).

A constant is what :class:`~portlint.python.constants.ModuleConstants` reads in the module
writing it. Anything else — a value the construction passes (`Handler("x")` could be called with
any name), a constructor that does not call its base's, an attribute set twice — is not known,
and what portlint says gives the reason."""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import NamedTuple

from portlint.python.bindings import (
    assigned,
    bindings_in,
    body_nodes,
    bound_argument,
    call_has_splat,
    names_bound,
    receiver_of,
    shadowed,
)
from portlint.python.bound_methods import Assignment, Classes, Found, Place, is_test
from portlint.python.constants import MISSING, ModuleConstants, Scalar
from portlint.python.shown import shown_code

Function = ast.FunctionDef | ast.AsyncFunctionDef
ConstantsOf = Callable[[Place], ModuleConstants]


class Known(NamedTuple):
    """The constant an attribute always holds."""

    value: Scalar


def self_attribute(classes: Classes, found: Found, attribute: str, here: Place,
                   constants_of: ConstantsOf) -> Known | str:
    """The constant ``attribute`` of an instance of ``found`` always holds, or why portlint
    cannot tell (said after the attribute: "`self.name` ..."); ``here``: the module being
    read."""
    line = classes.line(found)
    if isinstance(line, str):
        return f"is read on `{found.cls.name}`, which portlint does not follow: {line}"
    subclass = _a_subclass(classes, found, here)
    if subclass is not None:
        return (f"is read on `{found.cls.name}`, and `{subclass}` derives from it: what an "
                "instance holds depends on its class")
    setters = classes.setters(attribute, here)
    if setters.elsewhere:
        return f"is set elsewhere: {classes.assigned_at(setters.elsewhere[0])}"
    # a class setting it whose line holds this class (one deriving from it portlint did not
    # tell by its name), or whose line portlint cannot follow, may set it on these instances
    reaching = next((cls for cls in [*setters.holding.get(id(found.cls), ()),
                                     *setters.unfollowed] if cls is not found.cls), None)
    if reaching is not None:
        return f"is set elsewhere: {classes.assigned_at(setters.on_self[id(reaching)][0])}"
    on_self = [a for owner in line for a in setters.on_self.get(id(owner.cls), ())]
    if len(on_self) > 1:
        return (f"is set more than once: {classes.assigned_at(on_self[0])}, and "
                f"{classes.assigned_at(on_self[1])}")
    if on_self:
        return _set_by_constructor(classes, line, on_self[0], constants_of)
    return _class_attribute(classes, line, attribute, constants_of)


def _a_subclass(classes: Classes, found: Found, here: Place) -> str | None:
    """The name of a class of the project (its tests aside) whose bases name ``found``'s class
    by its name, or None (a same-named class elsewhere counts too: the miss is the safe way)."""
    name = found.cls.name
    places = [here, found.place]
    if classes.finder is not None:
        places += [Place(m.names, m.tree, m.path, m) for m in classes.finder.mentioning(name)
                   if not is_test(m.path)]
    for place in places:
        for cls in classes.derived_by_name(place).get(name, ()):
            if cls is not found.cls:
                return cls.name
    return None


class _Given(NamedTuple):
    """The call running a constructor, made in the body of ``caller`` (a constructor of the
    class at ``place``)."""

    call: ast.Call
    caller: Function
    place: Place
    with_self: bool  # `Base.__init__(self, ...)`: the first argument is `self`


def _set_by_constructor(classes: Classes, line: list[Found], assigned: Assignment,
                        constants_of: ConstantsOf) -> Known | str:
    """The value ``assigned`` (set on `self` in a method of a class of ``line``) gives, when it
    is written directly in the body of a constructor that runs."""
    given: _Given | None = None  # None: the arguments of the construction
    for index, owner in enumerate(line):
        constructor = _constructor(classes, owner)
        if isinstance(constructor, str):
            return constructor
        if constructor is None:
            continue  # inherited: the same arguments reach the next one
        value = _assigned_value(constructor, assigned)
        if value is not None:
            return _value(value, constructor, given, owner, made=line[0].cls,
                          constants_of=constants_of)
        call = _base_call(constructor, line[index + 1:], owner.cls)
        if call is None:
            return (f"is set by {classes.assigned_at(assigned)}, in a constructor "
                    f"`{owner.cls.name}.__init__` does not call where portlint can follow it")
        given = _Given(call[0], constructor, owner.place, call[1])
    return f"is set by {classes.assigned_at(assigned)}, not in a constructor that runs"


def _constructor(classes: Classes, owner: Found) -> Function | str | None:
    """``owner``'s own `__init__` (None when it has none), or why it is not followed."""
    bound = classes.bound_in(owner.cls).get("__init__")
    if not bound:
        return None
    if len(bound) != 1 or not isinstance(bound[0], (ast.FunctionDef, ast.AsyncFunctionDef)) or (
            bound[0].decorator_list):
        return f"is read on a class whose `{owner.cls.name}.__init__` is not one plain `def`"
    return bound[0]


def _assigned_value(constructor: Function, given: Assignment) -> ast.expr | None:
    """The value of ``given`` when it is a plain assignment written directly in the body of
    ``constructor``, to its `self`."""
    receiver = receiver_of(constructor)
    for statement in constructor.body:
        target, value = assigned(statement) or (None, None)
        if target is given.node and isinstance(target, ast.Attribute) and isinstance(
                target.value, ast.Name) and target.value.id == receiver:
            return value
    return None


def _base_call(constructor: Function, rest: list[Found], cls: ast.ClassDef
               ) -> tuple[ast.Call, bool] | None:
    """The one call of the next constructor written directly in ``constructor``'s body:
    `super().__init__(...)` or `Base.__init__(self, ...)` (``rest``: the classes after ``cls``
    in its line), and whether it passes `self` first."""
    receiver = receiver_of(constructor)
    following = next((f.cls.name for f in rest), None)
    calls: list[tuple[ast.Call, bool]] = []
    for statement in constructor.body:
        call = statement.value if isinstance(statement, ast.Expr) else None
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
                and call.func.attr == "__init__"):
            continue
        called = call.func.value
        if isinstance(called, ast.Call) and isinstance(called.func, ast.Name) and (
                called.func.id == "super") and (not called.args or (
                len(called.args) == 2 and isinstance(called.args[0], ast.Name)
                and called.args[0].id == cls.name and isinstance(called.args[1], ast.Name)
                and called.args[1].id == receiver)):
            calls.append((call, False))
        elif isinstance(called, ast.Name) and called.id == following and call.args and (
                isinstance(call.args[0], ast.Name) and call.args[0].id == receiver):
            calls.append((call, True))
    return calls[0] if len(calls) == 1 else None


def _value(value: ast.expr, constructor: Function, given: _Given | None, owner: Found, *,
           made: ast.ClassDef, constants_of: ConstantsOf) -> Known | str:
    """What ``value``, written in ``constructor`` (of ``owner``), stands for in an instance of
    ``made``."""
    parameters = {a.arg for a in ast.walk(constructor.args) if isinstance(a, ast.arg)}
    if not (isinstance(value, ast.Name) and value.id in parameters):
        found = MISSING if shadowed(value, names_bound(constructor)) else constants_of(
            owner.place).value(value)
        return Known(found) if found is not MISSING else (  # type: ignore[arg-type]
            f"is set to `{shown_code(value)}`, computed at run time")
    parameter = value.id
    if given is None:
        return f"is set to `{parameter}`, which each construction of `{made.name}` passes"
    call = given.call
    if call_has_splat(call):
        return f"is set to `{parameter}`, passed in `*`/`**` arguments"
    # the call as the constructor's own parameters read it, `self` first
    arguments = call.args if given.with_self else [call.func, *call.args]
    passed = bound_argument(constructor, ast.Call(func=call.func, args=arguments,
                                                  keywords=call.keywords), parameter)
    if passed is None:
        return f"is set to `{parameter}`, which the call of the constructor does not pass"
    defaults = {id(d) for d in [*constructor.args.defaults, *constructor.args.kw_defaults]
                if d is not None}
    if id(passed) in defaults:  # read where the constructor is written
        found = constants_of(owner.place).value(passed)
    else:  # read where the call is written, unless the caller binds a name it uses
        found = MISSING if shadowed(passed, names_bound(given.caller)) else (
            constants_of(given.place).value(passed))
    return Known(found) if found is not MISSING else (  # type: ignore[arg-type]
        f"is set to `{parameter}`, given `{shown_code(passed)}`, computed at run time")


def _class_attribute(classes: Classes, line: list[Found], attribute: str,
                     constants_of: ConstantsOf) -> Known | str:
    """The constant the nearest class of ``line`` binding ``attribute`` in its body gives."""
    for owner in line:
        bound = classes.bound_in(owner.cls).get(attribute)
        if not bound:
            continue
        target, value = assigned(bound[0]) or (None, None)
        if len(bound) != 1 or not (isinstance(target, ast.Name) and target.id == attribute):
            value = None
        if value is None:
            return f"is bound in `{owner.cls.name}` otherwise than once, to a constant"
        if isinstance(value, ast.Name) and value.id in classes.bound_in(owner.cls):
            return f"is set to `{value.id}`, another attribute of `{owner.cls.name}`"
        found = constants_of(owner.place).value(value)
        return Known(found) if found is not MISSING else (  # type: ignore[arg-type]
            f"is set to `{shown_code(value)}` in `{owner.cls.name}`, computed at run time")
    return "is set nowhere portlint can find"


TEXT_OPTIONS = ("name", "title", "description")


Unread = tuple[tuple[str, str], ...]  # (option, why its `self.X` is not known)


def spelled_out(options: dict[str, ast.expr], receiver: str, found: Found, *, classes: Classes,
                here: Place, constants_of: ConstantsOf) -> tuple[dict[str, ast.expr], Unread]:
    """``options`` (a tool's, written in a method whose `self` is ``receiver``, an instance of
    ``found``) with each text option written `self.X` replaced by the constant it holds, at its
    place; and, for those not known, (option, why)."""
    replaced = dict(options)
    unread: list[tuple[str, str]] = []
    for key in TEXT_OPTIONS:
        value = options.get(key)
        if not (isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name)
                and value.value.id == receiver):
            continue
        known = self_attribute(classes, found, value.attr, here, constants_of)
        if isinstance(known, str):
            unread.append((key, known))
        elif known.value is None or isinstance(known.value, str):
            replaced[key] = ast.copy_location(ast.Constant(value=known.value), value)
        else:
            unread.append((key, f"holds `{known.value!r}`, which is no text"))
    return replaced, tuple(unread)


def methods_of_calls(tree: ast.Module) -> dict[int, tuple[ast.ClassDef, Function]]:
    """Each call written directly in a method of one of the module's top-level classes (not
    in a function within it), by the call: the class and the method."""
    found: dict[int, tuple[ast.ClassDef, Function]] = {}
    for cls in tree.body:
        if not isinstance(cls, ast.ClassDef):
            continue
        for method in cls.body:
            if isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for node in body_nodes(method.body):
                    if isinstance(node, ast.Call):
                        found[id(node)] = (cls, method)
    return found


def receiver_kept(method: Function) -> str | None:
    """The method's `self`, when its body never binds the name again."""
    if any(isinstance(d, ast.Name) and d.id in ("staticmethod", "classmethod")
           for d in method.decorator_list):
        return None
    receiver = receiver_of(method)
    if receiver is None or bindings_in(method, receiver):
        return None
    return receiver


class MethodCallOptions:
    """The text options of the tool calls of one module (`Tool(name=self.name, ...)`) written
    in its classes' methods, with `self.X` read where the class says it (the module's methods
    indexed on the first such option met: most modules have none)."""

    def __init__(self, place: Place, classes: Classes, constants: ModuleConstants) -> None:
        self.place = place
        self.classes = classes  # the analysis's, shared with its registration finder
        self.constants = constants
        self._methods: dict[int, tuple[ast.ClassDef, Function]] | None = None

    def constants_of(self, place: Place) -> ModuleConstants:
        return place.module.classes.constants if place.module is not None else self.constants

    def read(self, call: ast.Call, options: dict[str, ast.expr]
             ) -> tuple[dict[str, ast.expr], Unread]:
        """:func:`spelled_out` for ``call``'s ``options`` (as they are, outside a method)."""
        if not any(isinstance(options.get(key), ast.Attribute) for key in TEXT_OPTIONS):
            return options, ()
        if self._methods is None:
            self._methods = methods_of_calls(self.place.tree)
        enclosing = self._methods.get(id(call))
        receiver = receiver_kept(enclosing[1]) if enclosing is not None else None
        if enclosing is None or receiver is None:
            return options, ()
        return spelled_out(options, receiver, Found(enclosing[0], self.place),
                           classes=self.classes, here=self.place,
                           constants_of=self.constants_of)
