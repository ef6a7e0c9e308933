"""Fix plans: edits described by what they do to the value tree, not by text.

A rule says *what* should change — replace this value, rename that key, insert a member — and
:mod:`portlint.fixes.render` turns it into minimal text edits in the document's own syntax and
style (JSON or YAML, block or flow, its indentation and line breaks). Rules therefore never deal
with formats, and every format gets every fix.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from portlint.model import Applicability
from portlint.source.located import Path


@dataclass(frozen=True, slots=True)
class ReplaceValue:
    """Replace the value at ``path`` with ``value``."""

    path: Path
    value: Any


@dataclass(frozen=True, slots=True)
class RenameKey:
    """Rename the member at ``path`` (its last segment is the old key) to ``key``."""

    path: Path
    key: str


@dataclass(frozen=True, slots=True)
class ReplaceMember:
    """Replace the member at ``path`` — key and value — with ``key: value``."""

    path: Path
    key: str
    value: Any


@dataclass(frozen=True, slots=True)
class InsertMember:
    """Insert ``key: value`` as the first member of the object at ``path``."""

    path: Path
    key: str
    value: Any


@dataclass(frozen=True, slots=True)
class WrapItems:
    """Turn each item ``X`` of the array at ``path`` into ``{key: X}``, keeping X's own text."""

    path: Path
    key: str


@dataclass(frozen=True, slots=True)
class UnwrapSingleItem:
    """Replace the one-item array at ``path`` with its item's own text."""

    path: Path


@dataclass(frozen=True, slots=True)
class RemoveMember:
    """Delete the member at ``path`` with its separator."""

    path: Path


EditOp = ReplaceValue | RenameKey | ReplaceMember | InsertMember | WrapItems | UnwrapSingleItem | (
    RemoveMember)


@dataclass(frozen=True, slots=True)
class FixPlan:
    title: str
    applicability: Applicability
    ops: tuple[EditOp, ...] = ()

    @classmethod
    def advice(cls, title: str) -> FixPlan:
        return cls(title, Applicability.DISPLAY_ONLY)
