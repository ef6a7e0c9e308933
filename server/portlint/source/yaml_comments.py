"""Where a YAML text's comments holding a ``portlint:`` directive are (for suppressions)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from portlint.source.document import ParsedSource, TextSpans, text_spans


def yaml_comments(source: ParsedSource) -> Iterable[tuple[int, int]]:
    """(start, end) of each comment holding a portlint directive."""
    text = source.text
    strings: TextSpans | None = None
    for match in re.finditer(r"#[^\r\n]*", text):
        start = match.start()
        if "portlint:" not in match.group():
            continue
        if start > 0 and text[start - 1] not in " \t\r\n":
            continue  # `a#b` is part of a plain scalar, not a comment
        if strings is None:
            strings = text_spans(source)
        if strings.covers(start):
            continue
        yield start, match.end()
