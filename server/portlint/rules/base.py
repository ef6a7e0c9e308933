"""What a rule is, and what it is given to look at."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property
from typing import Any, Literal

from portlint.fixes.ops import FixPlan
from portlint.model import Severity
from portlint.shapes import SchemaRoot
from portlint.source.located import Path
from portlint.walk import Position

FixAvailability = Literal["safe", "unsafe", "safe, unsafe", "display-only", "none"]
RuleKind = Literal["schema", "source"]


class Target(Enum):
    """Which text a finding's range covers."""

    VALUE = "value"  # the value at the path
    KEY = "key"  # the key naming the path (the value when it has no key, e.g. an array item)


@dataclass(frozen=True, slots=True)
class Report:
    """A rule's verdict on one node, before it is placed in the text."""

    path: Path  # the node the finding is about, from the document root
    message: str
    suggestion: str
    fixes: tuple[FixPlan, ...] = ()
    range_path: Path | None = None  # where the range goes, when not at ``path``
    target: Target = Target.VALUE


@dataclass(eq=False)
class RootContext:
    """One schema root and every subschema position under it."""

    root: SchemaRoot
    positions: list[Position] = field(default_factory=list)

    @cached_property
    def declares_id(self) -> bool:
        """Whether any walked position declares a non-empty ``$id`` (data never counts)."""
        for position in self.positions:
            value = position.value
            if type(value) is dict:
                schema_id = value.get("$id")
                if isinstance(schema_id, str) and schema_id:
                    return True
        return False


Check = Callable[[RootContext], Iterable[Report]]


@dataclass(frozen=True)
class Rule:
    id: str
    severity: Severity
    summary: str
    fix: FixAvailability
    doc: str
    check: Check | None = None  # None for source rules, whose findings come from the readers
    kind: RuleKind = "schema"

    @property
    def title(self) -> str:
        return self.summary


def is_type(value: Any, name: str) -> bool:
    """Whether a schema's ``type`` is exactly ``name`` (the string form)."""
    return isinstance(value, dict) and value.get("type") == name
