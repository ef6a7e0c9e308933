"""Where a YAML text's comments holding a ``portlint:`` directive are (for suppressions)."""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable

from portlint.source.document import ParsedSource, text_spans
from portlint.source.located import Span


def _inside(spans: list[Span], starts: list[int], offset: int) -> bool:
    i = bisect.bisect_right(starts, offset) - 1
    return i >= 0 and spans[i][0] <= offset < spans[i][1]


def yaml_comments(source: ParsedSource) -> Iterable[tuple[int, int]]:
    """(start, end) of each comment holding a portlint directive."""
    text = source.text
    spans: list[Span] | None = None
    starts: list[int] = []
    for match in re.finditer(r"#[^\r\n]*", text):
        start = match.start()
        if "portlint:" not in match.group():
            continue
        if start > 0 and text[start - 1] not in " \t\r\n":
            continue  # `a#b` is part of a plain scalar, not a comment
        if spans is None:
            spans = text_spans(source)
            starts = [s for s, _ in spans]
        if _inside(spans, starts, start):
            continue
        yield start, match.end()
