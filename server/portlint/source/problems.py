"""Problems the readers find in the text itself, before any schema rule runs."""

from __future__ import annotations

from portlint.records import NamedTuple
from portlint.source.located import Path, Span


class SourceProblem(NamedTuple):
    """What a reader found wrong with the text itself, at its place.

    ``rule`` is the source rule it is a case of (``parse-error``, ``duplicate-key``,
    ``alias-limit``, ``yaml-tag``, ``document-too-large``, ``unknown-schema``,
    ``hidden-constraint``); ``message`` is the reader's statement of what it found (what the
    parser expected, which key repeats); ``variant`` names the case when a rule has several. The
    rule words the finding from them — its suggestion, what the problem means for clients
    (``Rule.describe``). ``path`` is where in the value tree it applies (the object holding a
    duplicate key, for example) or ``()`` when there is no value tree; ``related`` are other
    places it concerns (the first of two repeated keys).
    """

    rule: str
    message: str
    span: Span
    path: Path = ()
    document: int = 0
    related: tuple[Span, ...] = ()
    variant: str | None = None
