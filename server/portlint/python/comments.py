"""Where a Python text's comments holding a ``portlint:`` directive are (for suppressions)."""

from __future__ import annotations

from collections.abc import Iterable

from portlint.source.document import ParsedSource
from portlint.source.text import LineIndex


def python_comments(source: ParsedSource) -> Iterable[tuple[int, int]]:
    """(start, end) of each Python comment holding a portlint directive (from `tokenize`, so a
    `#` inside a string never counts)."""
    import io
    import tokenize

    index = LineIndex(source.text)
    try:
        for token in tokenize.generate_tokens(io.StringIO(source.text).readline):
            if token.type == tokenize.COMMENT and "portlint:" in token.string:
                start = index.offset(token.start[0] - 1, token.start[1])
                yield start, start + len(token.string)
    except (tokenize.TokenError, SyntaxError):
        return
