"""Bounds that keep hostile input cheap: plain values every layer may read."""

from __future__ import annotations

from portlint.records import NamedTuple


class Limits(NamedTuple):
    """Both are configurable (``[tool.portlint.limits]``)."""

    max_document_chars: int = 10_000_000
    max_alias_nodes: int = 100_000
