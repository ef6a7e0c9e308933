"""The strings a module spells out once, for a tool's name, title or description written as a
name: ``description=FETCH_TOOL_DESCRIPTION``, ``name=Tools.GET_TIME.value``.

Read: a module-level ``NAME = <string>`` (or ``NAME: str = <string>``) when the module binds
``NAME`` nowhere else (no other assignment, augmented assignment, ``global``, loop or ``with``
target, import or definition of that name anywhere in the file), and ``Enum.MEMBER.value`` of a
module-level ``Enum`` subclass whose member is assigned a string. A string is a literal, an
f-string without placeholders, or ``+`` of strings. Anything else is not a constant: the caller
says it cannot know the value, and never falls back to a default (a docstring, a title made from
the function's name) that the server would not send.
"""

from __future__ import annotations

import ast

_ENUM_BASES = frozenset(("Enum", "StrEnum", "enum.Enum", "enum.StrEnum"))


def _string(node: ast.expr, known: dict[str, str]) -> str | None:
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
        return known.get(node.id)
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


class ModuleStrings:
    """The string constants of one module (computed on first use)."""

    def __init__(self, tree: ast.Module) -> None:
        self.tree = tree
        self._names: dict[str, str] | None = None
        self._members: dict[tuple[str, str], str] | None = None

    def _read(self) -> None:
        counts = _bound_elsewhere(self.tree)
        names: dict[str, str] = {}
        members: dict[tuple[str, str], str] = {}
        for statement in self.tree.body:
            target: ast.expr | None = None
            value: ast.expr | None = None
            if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
                target, value = statement.targets[0], statement.value
            elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
                target, value = statement.target, statement.value
            if isinstance(target, ast.Name) and value is not None and counts.get(target.id) == 1:
                text = _string(value, names)
                if text is not None:
                    names[target.id] = text
            elif isinstance(statement, ast.ClassDef) and counts.get(statement.name) == 1 and any(
                    ast.unparse(base) in _ENUM_BASES for base in statement.bases):
                for item in statement.body:
                    if isinstance(item, ast.Assign) and len(item.targets) == 1 and \
                            isinstance(item.targets[0], ast.Name):
                        text = _string(item.value, names)
                        if text is not None:
                            members[(statement.name, item.targets[0].id)] = text
        self._names, self._members = names, members

    def value(self, node: ast.expr) -> str | None:
        """The string ``node`` always stands for, or None."""
        if self._names is None or self._members is None:
            self._read()
        assert self._names is not None and self._members is not None
        if isinstance(node, ast.Attribute) and node.attr == "value" and isinstance(
                node.value, ast.Attribute) and isinstance(node.value.value, ast.Name):
            return self._members.get((node.value.value.id, node.value.attr))
        return _string(node, self._names)

    def resolved(self, node: ast.expr) -> ast.expr:
        """``node``, or the string constant it stands for (at its place)."""
        if isinstance(node, ast.Constant):
            return node
        text = self.value(node)
        if text is None:
            return node
        return ast.copy_location(ast.Constant(value=text), node)
