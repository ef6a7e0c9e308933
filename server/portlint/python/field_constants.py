"""`Field(...)` objects bound to a module's constants and used where a `Field(...)` call would
be written: a parameter's default (`service_code: str = SERVICE_CODE_FIELD`) or `Annotated`
metadata (`Annotated[str, NAME_FIELD]`) — awslabs' servers write their parameters this way.

Pydantic reads such an object as it reads the call written in place, for every parameter of
every tool it serves (the oracle projects `*-field-constants` show it under fastmcp 2.10–4.x
and the MCP SDK 1.x/2.x). A constant is read when the module binds the name once, at its top,
to a call of `pydantic.Field`, and nothing assigns the attribute from outside (`fields.X = ...`
in the module using it); the call's arguments are read with the constants of the module that
writes it. An argument that is no constant there (a name computed at run time) makes the
constant unread — the caller says the default is computed at run time, as before."""

from __future__ import annotations

import ast
import copy

from portlint.python.bindings import assigned
from portlint.python.names import Names

_FIELD = "pydantic.Field"
# the keywords whose value is a callable the framework calls (never read as JSON)
_CALLED = frozenset(("default_factory",))


def field_calls(tree: ast.Module, names: Names, counts: dict[str, int]) -> dict[str, ast.Call]:
    """The module's top-level names bound once (``counts``: every binding in the module) to a
    call of `pydantic.Field`, and each call."""
    found: dict[str, ast.Call] = {}
    for statement in tree.body:
        target, value = assigned(statement) or (None, None)
        if isinstance(target, ast.Name) and isinstance(value, ast.Call) and counts.get(
                target.id) == 1 and names.qualified(value.func) == _FIELD:
            found[target.id] = value
    return found


def self_contained(call: ast.Call) -> bool:
    """Whether a call's arguments (constants substituted) name nothing: literals only, but for
    a `default_factory`."""
    values = [*call.args, *(k.value for k in call.keywords if k.arg not in _CALLED)]
    return not any(isinstance(node, (ast.Name, ast.Attribute, ast.Call)) and not (
        isinstance(node, ast.Name) and node.id in ("None", "True", "False"))
        for value in values for node in ast.walk(value))


def relocated(call: ast.Call, at: ast.expr) -> ast.Call:
    """A copy of ``call`` (written in another module) with every node placed at ``at``, where
    this module names it: what is said about its arguments is said there."""
    moved = copy.deepcopy(call)
    for node in ast.walk(moved):
        if isinstance(node, (ast.expr, ast.keyword)):
            ast.copy_location(node, at)
    return moved
