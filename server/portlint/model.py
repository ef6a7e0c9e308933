"""Findings and fixes: what every face of portlint (CLI, server, reports) shows."""

from __future__ import annotations

from enum import StrEnum
from operator import attrgetter

from portlint.records import NamedTuple
from portlint.source.located import Path, Span


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFORMATION = "information"

    @property
    def rank(self) -> int:
        return {"error": 0, "warning": 1, "information": 2}[self.value]


class Applicability(StrEnum):
    """As in ruff: may a fix be applied without asking?"""

    SAFE = "safe"  # exactly the same instances are valid before and after
    UNSAFE = "unsafe"  # a deliberate change of contract; the title says what changes
    DISPLAY_ONLY = "display-only"  # advice with no edit


class TextEdit(NamedTuple):
    """Replace ``[start, end)`` (code-point offsets) with ``content``."""

    start: int
    end: int
    content: str


class Fix(NamedTuple):
    title: str
    applicability: Applicability
    edits: tuple[TextEdit, ...] = ()
    # the objects whose members it adds, removes or renames (paths in its document): fixes
    # that reshape one object are applied in separate passes (:mod:`portlint.fixer`)
    reshapes: tuple[Path, ...] = ()

    @property
    def is_safe(self) -> bool:
        return self.applicability is Applicability.SAFE and bool(self.edits)


class Finding(NamedTuple):
    """One problem at one place. ``path`` is relative to the tool (Inspector notation)."""

    rule: str
    severity: Severity
    message: str
    suggestion: str
    span: Span
    path: str = ""
    pointer: str = ""
    tool: str | None = None  # the tool's name
    tool_label: str | None = None  # where the tool is, for hovers: ``tools[3] get_temp``
    fixes: tuple[Fix, ...] = ()
    document: int = 0
    also_reached_as: tuple[str, ...] = ()
    key_offset: int | None = None  # the key naming the range (suppression comments use it)
    blocking: tuple[str, ...] = ()  # the targets for which it is an error
    baselined: bool = False  # held by the project's baseline (the editor shows it as a hint)


# findings in document order (then by rule and path), read in C: a large document has hundreds
FINDING_ORDER = attrgetter("document", "span", "rule", "path")
