"""The constants a module spells out once and uses by name: a tool's name, title or description
(``description=FETCH_TOOL_DESCRIPTION``, ``name=Tools.GET_TIME.value``) and the values in a
schema written as a dict literal (``"maximum": MAX_RESULTS``).

Read: a module-level ``NAME = <value>`` (or ``NAME: int = <value>``) when the module binds
``NAME`` nowhere else (no other assignment, augmented assignment, ``global``, loop, ``with`` or
``except`` target, parameter, import or definition of that name anywhere in the file), and
``Enum.MEMBER.value`` of a module-level ``Enum`` subclass whose member is assigned a string. A
value is a string (a literal, an f-string without placeholders, ``+`` of strings), a number
(negative too), ``True``, ``False`` or ``None``.

A name imported at module level from another module of the project (``from .config import
LIMIT``, ``from app.config import LIMIT as L``, ``import app.config as c`` then ``c.LIMIT``, a
re-export through a package's ``__init__``), bound nowhere else in the file, stands for the
constant that module binds, when the caller can find that module's source (the project's own
files only: installed packages are never read). Anything else is not a constant: the caller says
it cannot know the value, and never falls back to a default (a docstring, a title made from the
function's name) that the server would not send.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from functools import cached_property
from typing import cast

from portlint.python.bindings import assigned
from portlint.python.syntax_copy import copied

_ENUM_BASES = frozenset(("Enum", "StrEnum", "enum.Enum", "enum.StrEnum"))


Scalar = str | int | float | bool | None
MISSING = object()  # what a name that is no constant stands for
# (module, name, hops) -> the constant that module of the project binds to that name, or
# MISSING; ``name`` may be ``Enum.MEMBER`` for a member's value
Importer = Callable[[str, str, int], object]
MAX_IMPORT_HOPS = 4  # re-exports followed (`from .config import X` in an `__init__`)


Known = Callable[[str], object]  # a name -> its constant, or MISSING


def _scalar(node: ast.expr, known: Known) -> object:
    """The constant ``node`` spells, or :data:`MISSING`."""
    if isinstance(node, ast.Constant) and (node.value is None or isinstance(
            node.value, (str, int, float, bool))):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(
            node.operand, ast.Constant) and isinstance(node.operand.value, (int, float)) and \
            not isinstance(node.operand.value, bool):
        return -node.operand.value
    if isinstance(node, ast.Name):
        return known(node.id)
    text = _string(node, known)
    return MISSING if text is None else text


def _string(node: ast.expr, known: Known) -> str | None:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        # `"a" + "b" + ...` nests to the left, a level a term: read in a loop, at any length
        terms: list[ast.expr] = []
        pending: list[ast.expr] = [node]
        while pending:
            term = pending.pop()
            if isinstance(term, ast.BinOp) and isinstance(term.op, ast.Add):
                pending.extend((term.right, term.left))
            else:
                terms.append(term)
        parts = [_string(term, known) for term in terms]
        return None if any(part is None for part in parts) else "".join(
            part for part in parts if part is not None)
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr) and all(
            isinstance(part, ast.Constant) and isinstance(part.value, str)
            for part in node.values):
        return "".join(str(part.value) for part in node.values)  # type: ignore[attr-defined]
    if isinstance(node, ast.Name):
        found = known(node.id)
        return found if isinstance(found, str) else None
    return None


def _bound_elsewhere(tree: ast.Module) -> dict[str, int]:
    """How many times each name is bound anywhere in the module."""
    counts: dict[str, int] = {}

    def bind(name: str) -> None:
        counts[name] = counts.get(name, 0) + 1

    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            bind(node.id)
        elif isinstance(node, ast.arg):  # a parameter hides the module's name in its function
            bind(node.arg)
        elif isinstance(node, (ast.ExceptHandler, ast.MatchAs, ast.MatchStar)) and node.name:
            bind(node.name)
        elif isinstance(node, ast.MatchMapping) and node.rest:
            bind(node.rest)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bind(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                bind((alias.asname or alias.name).split(".")[0])
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            for name in node.names:
                bind(name)
                bind(name)  # a function rebinding it: never a constant
    return counts


class ModuleConstants:
    """The constants of one module (computed on first use); ``importer`` reads those of the
    project's other modules (none: an imported name is no constant)."""

    def __init__(self, tree: ast.Module, importer: Importer | None = None) -> None:
        self.tree = tree
        self.importer = importer
        self._names: dict[str, Scalar] | None = None
        self._members: dict[tuple[str, str], str] = {}
        # a name imported once at module level -> (module, what): `from M import N` gives
        # (M, N); `import a.b as c` gives ("a.b", None), `import a.b` binds `a`: ("a", None)
        self._imports: dict[str, tuple[str, str | None]] = {}
        self._patched: set[str] = set()  # `c.LIMIT = ...` / `del c.LIMIT` in this module
        self._stars: list[str] = []  # the modules `from M import *` reads, in order

    @cached_property
    def binding_counts(self) -> dict[str, int]:
        """How many times each name is bound anywhere in the module."""
        return _bound_elsewhere(self.tree)

    def patched(self, node: ast.expr) -> bool:
        """Whether the module assigns (or deletes) the attribute ``node`` (`c.LIMIT = ...`)."""
        self._loaded()
        return ast.unparse(node) in self._patched

    def attributes_changed(self, name: str) -> bool:
        """Whether the module assigns or deletes an attribute of ``name`` (`ann.title = ...`)."""
        self._loaded()
        return any(p.partition(".")[0] == name for p in self._patched)

    def _read(self) -> dict[str, Scalar]:
        counts = self.binding_counts
        names: dict[str, Scalar] = {}
        for statement in self.tree.body:
            target, value = assigned(statement) or (None, None)
            if isinstance(target, ast.Name) and value is not None and counts.get(target.id) == 1:
                found = _scalar(value, lambda name: names.get(name, MISSING))
                if found is not MISSING:
                    names[target.id] = found  # type: ignore[assignment]  # a Scalar
            elif isinstance(statement, ast.ClassDef) and counts.get(statement.name) == 1 and any(
                    ast.unparse(base) in _ENUM_BASES for base in statement.bases):
                self._read_members(statement, names)
            elif isinstance(statement, (ast.Import, ast.ImportFrom)):
                self._read_import(statement, counts)
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, (ast.Store, ast.Del)):
                self._patched.add(ast.unparse(node))
        self._names = names
        return names

    def _read_members(self, statement: ast.ClassDef, names: dict[str, Scalar]) -> None:
        for item in statement.body:
            if isinstance(item, ast.Assign) and len(item.targets) == 1 and \
                    isinstance(item.targets[0], ast.Name):
                text = _string(item.value, lambda name: names.get(name, MISSING))
                if text is not None:
                    self._members[(statement.name, item.targets[0].id)] = text

    def _read_import(self, statement: ast.Import | ast.ImportFrom,
                     counts: dict[str, int]) -> None:
        if isinstance(statement, ast.ImportFrom):
            module = "." * statement.level + (statement.module or "")
            for alias in statement.names:
                local = alias.asname or alias.name
                if alias.name == "*" and module.strip("."):
                    self._stars.append(module)
                elif alias.name != "*" and module and counts.get(local) == 1:
                    self._imports[local] = (module, alias.name)
            return
        for alias in statement.names:
            local = alias.asname or alias.name.split(".")[0]
            if counts.get(local) == 1:
                self._imports[local] = (alias.name if alias.asname else local, None)

    def _loaded(self) -> dict[str, Scalar]:
        return self._names if self._names is not None else self._read()

    def named(self, name: str, hops: int = 0) -> object:
        """The constant this module binds to ``name`` (``Enum.MEMBER``: that member's value),
        following its imports; :data:`MISSING` when it binds none."""
        names = self._loaded()
        if "." in name:
            return self._dotted(name.split("."), hops, member=True)
        if name in names:
            return names[name]
        return self._dotted([name], hops, member=False)

    def _dotted(self, parts: list[str], hops: int, *, member: bool) -> object:
        """``a.b.NAME`` (or ``Enum.MEMBER`` of ``a.b.Enum.MEMBER.value`` when ``member``):
        local, or read from the module its first name was imported from."""
        if member and len(parts) == 2 and (parts[0], parts[1]) in self._members:
            return self._members[(parts[0], parts[1])]
        imported = self._imports.get(parts[0])
        if imported is None and self._stars and self.importer is not None and (
                hops < MAX_IMPORT_HOPS and not parts[0].startswith("_")
                and len(parts) <= (2 if member else 1)
                and self.binding_counts.get(parts[0], 0) == 0):
            # bound nowhere here: the name a `from M import *` brings (the last one naming it)
            for star in reversed(self._stars):
                found = self.importer(star, ".".join(parts), hops + 1)
                if found is not MISSING:
                    return found
            return MISSING
        if imported is None or self.importer is None or hops >= MAX_IMPORT_HOPS:
            return MISSING
        module, what = imported
        path = [*([what] if what is not None else []), *parts[1:]]
        keep = 2 if member else 1  # what is asked of the module at the end of the path
        if len(path) < keep:
            return MISSING  # the name is a module, not a value
        inner = path[:-keep]
        if inner:
            module = module + "".join(f".{p}" for p in inner) if module.strip(".") else \
                module + ".".join(inner)
        return self.importer(module, ".".join(path[-keep:]), hops + 1)

    def value(self, node: ast.expr) -> object:
        """The constant ``node`` always stands for, or :data:`MISSING`."""
        names = self._loaded()
        if isinstance(node, ast.Attribute) and node.attr == "value":
            chain = _chain(node.value)
            if chain is not None and len(chain) >= 2:
                return self._dotted(chain, 0, member=True)
        if isinstance(node, ast.Attribute):
            chain = _chain(node)
            if chain is None or ast.unparse(node) in self._patched:
                return MISSING
            return self._dotted(chain, 0, member=False)
        return _scalar(node, lambda name: names[name] if name in names else self._dotted(
            [name], 0, member=False))

    def resolved(self, node: ast.expr) -> ast.expr:
        """``node``, or the constant it stands for (at its place)."""
        if isinstance(node, ast.Constant):
            return node
        found = self.value(node)
        if found is not MISSING:
            return ast.copy_location(ast.Constant(value=cast(Scalar, found)), node)
        if isinstance(node, (ast.JoinedStr, ast.BinOp)):  # f"max {MAX}", BASE + " (v2)"
            folded = self.substituted(node)
            if isinstance(folded, ast.Constant):
                return folded
        return node

    def substituted(self, node: ast.expr) -> ast.expr:
        """A copy of ``node`` with every name (and ``Enum.MEMBER.value``) that stands for a
        constant replaced by it, f-strings of constants formatted and strings joined with ``+``
        joined: a literal ``ast.literal_eval`` can read."""
        constants = self

        class Substitute(ast.NodeTransformer):
            def visit_Name(self, name: ast.Name) -> ast.expr:
                return constants.resolved(name)

            def visit_Attribute(self, attribute: ast.Attribute) -> ast.expr:
                return constants.resolved(attribute)

            def visit_BinOp(self, operation: ast.BinOp) -> ast.expr:
                self.generic_visit(operation)
                left, right = operation.left, operation.right
                if isinstance(operation.op, ast.Add) and isinstance(left, ast.Constant) and \
                        isinstance(right, ast.Constant) and isinstance(left.value, str) and \
                        isinstance(right.value, str):
                    return ast.copy_location(ast.Constant(value=left.value + right.value),
                                             operation)
                return operation

            def visit_JoinedStr(self, joined: ast.JoinedStr) -> ast.expr:
                # f"(default {DEFAULT})": placeholders that are constants, formatted plainly
                self.generic_visit(joined)
                parts: list[str] = []
                for part in joined.values:
                    if isinstance(part, ast.FormattedValue) and part.conversion == -1 and \
                            part.format_spec is None and isinstance(part.value, ast.Constant):
                        parts.append(format(part.value.value))
                    elif isinstance(part, ast.Constant) and isinstance(part.value, str):
                        parts.append(part.value)
                    else:
                        return joined
                return ast.copy_location(ast.Constant(value="".join(parts)), joined)

        substituted: ast.expr = Substitute().visit(copied(node))
        return substituted


def _chain(node: ast.expr) -> list[str] | None:
    """``a.b.c`` as ``["a", "b", "c"]``; None for anything but names and attributes."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    return [node.id, *reversed(parts)]


def is_named_constant(node: ast.expr) -> bool:
    """Whether a value is written as a name (``MAX_RESULTS``) rather than spelled out."""
    return isinstance(node, (ast.Name, ast.Attribute))
