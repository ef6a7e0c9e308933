"""Problems the readers find in the text itself, before any schema rule runs."""

from __future__ import annotations

from typing import NamedTuple

from portlint.source.located import Path, Span


class SourceProblem(NamedTuple):
    """A finding about the document's syntax rather than its schemas.

    ``rule`` is one of the source rule ids (``parse-error``, ``duplicate-key``, ``alias-limit``,
    ``yaml-tag``, ``document-too-large``); ``path`` is where in the value tree it applies (the
    object holding a duplicate key, for example) or ``()`` when there is no value tree.
    """

    rule: str
    message: str
    suggestion: str
    span: Span
    path: Path = ()
    document: int = 0
    related: tuple[Span, ...] = ()
