"""Fix plans: edits described by what they do to the value tree, not by text.

A rule says *what* should change — replace this value, rename that key, insert a member — and
:mod:`portlint.fixes.render` turns it into minimal text edits in the document's own syntax and
style (JSON or YAML, block or flow, its indentation and line breaks). Rules therefore never deal
with formats, and every format gets every fix. Plans are named tuples: rules build them on every
lint, and a named tuple costs little to define and to create.
"""

from __future__ import annotations

from portlint.model import Applicability
from portlint.records import NamedTuple
from portlint.source.located import Path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class ReplaceValue(NamedTuple):
    """Replace the value at ``path`` with ``value``."""

    path: Path
    value: Any


class RenameKey(NamedTuple):
    """Rename the member at ``path`` (its last segment is the old key) to ``key``."""

    path: Path
    key: str


class ReplaceMember(NamedTuple):
    """Replace the member at ``path`` — key and value — with ``key: value``."""

    path: Path
    key: str
    value: Any


class InsertMember(NamedTuple):
    """Insert ``key: value`` as the first member of the object at ``path``."""

    path: Path
    key: str
    value: Any


class WrapItems(NamedTuple):
    """Turn each item ``X`` of the array at ``path`` into ``{key: X}``, keeping X's own text."""

    path: Path
    key: str


class UnwrapSingleItem(NamedTuple):
    """Replace the one-item array at ``path`` with its item's own text."""

    path: Path


class HoistItemMembers(NamedTuple):
    """Replace the member at ``path`` — whose value is a one-item array holding an object —
    with that object's members, where it stood, each keeping its own text."""

    path: Path


class RemoveMember(NamedTuple):
    """Delete the member at ``path`` with its separator."""

    path: Path


EditOp = (ReplaceValue | RenameKey | ReplaceMember | InsertMember | WrapItems | UnwrapSingleItem
          | RemoveMember | HoistItemMembers)


def reshaped(op: EditOp) -> Path | None:
    """The object whose members ``op`` adds, removes or renames (None: it keeps every member list
    as it is). Two such edits of one object do not compose by their text alone: two fixes each
    adding `type` to it would leave the key twice."""
    if isinstance(op, InsertMember):
        return op.path
    if isinstance(op, (RenameKey, ReplaceMember, RemoveMember, HoistItemMembers)):
        return op.path[:-1]
    return None


class FixPlan(NamedTuple):
    title: str
    applicability: Applicability
    ops: tuple[EditOp, ...] = ()

    @classmethod
    def advice(cls, title: str) -> FixPlan:
        return cls(title, Applicability.DISPLAY_ONLY)
