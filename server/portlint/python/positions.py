"""From `ast` positions (line numbers, UTF-8 byte columns) to code-point offsets in the text."""

from __future__ import annotations

import ast

from portlint.source.located import Span
from portlint.source.text import LineIndex


class SourcePositions:
    """Offsets of `ast` nodes in one text."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.lines = LineIndex(text)
        self._line_cache: dict[int, tuple[int, str, bool]] = {}

    def _line(self, lineno: int) -> tuple[int, str, bool]:
        cached = self._line_cache.get(lineno)
        if cached is None:
            start = self.lines.offset(lineno - 1, 0)
            end = self.text.find("\n", start)
            line = self.text[start:] if end == -1 else self.text[start:end]
            cached = (start, line, line.isascii())
            self._line_cache[lineno] = cached
        return cached

    def offset(self, lineno: int, byte_column: int) -> int:
        start, line, ascii_only = self._line(lineno)
        if ascii_only:
            return start + byte_column
        return start + len(line.encode("utf-8")[:byte_column].decode("utf-8", errors="ignore"))

    def span(self, node: ast.AST) -> Span:
        start = self.offset(node.lineno, node.col_offset)  # type: ignore[attr-defined]
        end_line = getattr(node, "end_lineno", None) or node.lineno  # type: ignore[attr-defined]
        end_col = getattr(node, "end_col_offset", None)
        end = self.offset(end_line, end_col) if end_col is not None else start
        return start, max(start, end)
