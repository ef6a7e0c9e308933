"""The constants a module spells out once and uses by name: a tool's name, title or description
(``description=FETCH_TOOL_DESCRIPTION``, ``name=Tools.GET_TIME.value``) and the values in a
schema written as a dict literal (``"maximum": MAX_RESULTS``).

Read: a module-level ``NAME = <value>`` (or ``NAME: int = <value>``) when the module binds
``NAME`` nowhere else (no other assignment, augmented assignment, ``global``, loop or ``with``
target, import or definition of that name anywhere in the file), and ``Enum.MEMBER.value`` of a
module-level ``Enum`` subclass whose member is assigned a string. A value is a string (a literal,
an f-string without placeholders, ``+`` of strings), a number (negative too), ``True``,
``False`` or ``None``. Anything else is not a constant: the caller says it cannot know the value,
and never falls back to a default (a docstring, a title made from the function's name) that the
server would not send.
"""

from __future__ import annotations

import ast
import copy
from typing import cast

_ENUM_BASES = frozenset(("Enum", "StrEnum", "enum.Enum", "enum.StrEnum"))


Scalar = str | int | float | bool | None
MISSING = object()  # what a name that is no constant stands for


def _scalar(node: ast.expr, known: dict[str, Scalar]) -> object:
    """The constant ``node`` spells, or :data:`MISSING`."""
    if isinstance(node, ast.Constant) and (node.value is None or isinstance(
            node.value, (str, int, float, bool))):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and isinstance(
            node.operand, ast.Constant) and isinstance(node.operand.value, (int, float)) and \
            not isinstance(node.operand.value, bool):
        return -node.operand.value
    if isinstance(node, ast.Name):
        return known.get(node.id, MISSING)
    text = _string(node, known)
    return MISSING if text is None else text


def _string(node: ast.expr, known: dict[str, Scalar]) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr) and all(
            isinstance(part, ast.Constant) and isinstance(part.value, str)
            for part in node.values):
        return "".join(str(part.value) for part in node.values)  # type: ignore[attr-defined]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _string(node.left, known), _string(node.right, known)
        return left + right if left is not None and right is not None else None
    if isinstance(node, ast.Name):
        found = known.get(node.id)
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
    """The constants of one module (computed on first use)."""

    def __init__(self, tree: ast.Module) -> None:
        self.tree = tree
        self._names: dict[str, Scalar] | None = None
        self._members: dict[tuple[str, str], str] | None = None

    def _read(self) -> None:
        counts = _bound_elsewhere(self.tree)
        names: dict[str, Scalar] = {}
        members: dict[tuple[str, str], str] = {}
        for statement in self.tree.body:
            target: ast.expr | None = None
            value: ast.expr | None = None
            if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
                target, value = statement.targets[0], statement.value
            elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
                target, value = statement.target, statement.value
            if isinstance(target, ast.Name) and value is not None and counts.get(target.id) == 1:
                found = _scalar(value, names)
                if found is not MISSING:
                    names[target.id] = found  # type: ignore[assignment]  # a Scalar
            elif isinstance(statement, ast.ClassDef) and counts.get(statement.name) == 1 and any(
                    ast.unparse(base) in _ENUM_BASES for base in statement.bases):
                for item in statement.body:
                    if isinstance(item, ast.Assign) and len(item.targets) == 1 and \
                            isinstance(item.targets[0], ast.Name):
                        text = _string(item.value, names)
                        if text is not None:
                            members[(statement.name, item.targets[0].id)] = text
        self._names, self._members = names, members

    def value(self, node: ast.expr) -> object:
        """The constant ``node`` always stands for, or :data:`MISSING`."""
        if self._names is None or self._members is None:
            self._read()
        assert self._names is not None and self._members is not None
        if isinstance(node, ast.Attribute) and node.attr == "value" and isinstance(
                node.value, ast.Attribute) and isinstance(node.value.value, ast.Name):
            return self._members.get((node.value.value.id, node.value.attr), MISSING)
        return _scalar(node, self._names)

    def resolved(self, node: ast.expr) -> ast.expr:
        """``node``, or the constant it stands for (at its place)."""
        if isinstance(node, ast.Constant):
            return node
        found = self.value(node)
        if found is MISSING:
            return node
        return ast.copy_location(ast.Constant(value=cast(Scalar, found)), node)

    def substituted(self, node: ast.expr) -> ast.expr:
        """A copy of ``node`` with every name (and ``Enum.MEMBER.value``) that stands for a
        constant replaced by it: a literal ``ast.literal_eval`` can read."""
        constants = self

        class Substitute(ast.NodeTransformer):
            def visit_Name(self, name: ast.Name) -> ast.expr:
                return constants.resolved(name)

            def visit_Attribute(self, attribute: ast.Attribute) -> ast.expr:
                return constants.resolved(attribute)

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

        copied: ast.expr = Substitute().visit(copy.deepcopy(node))
        return copied


def is_named_constant(node: ast.expr) -> bool:
    """Whether a value is written as a name (``MAX_RESULTS``) rather than spelled out."""
    return isinstance(node, (ast.Name, ast.Attribute))
