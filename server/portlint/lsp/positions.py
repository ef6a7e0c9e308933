"""Code-point offsets ↔ LSP positions in the negotiated encoding (UTF-16, UTF-8 or UTF-32).

The engine counts code points; LSP clients count UTF-16 code units unless they negotiated
otherwise. This is the one place that converts, line by line, using the LSP definition of a line
break (``\\r\\n``, ``\\n``, ``\\r``).
"""

from __future__ import annotations

from lsprotocol import types

from portlint.source.text import LineIndex

UTF8 = types.PositionEncodingKind.Utf8
UTF16 = types.PositionEncodingKind.Utf16
UTF32 = types.PositionEncodingKind.Utf32


def _units(text: str, encoding: str) -> int:
    if encoding == UTF32 or text.isascii():
        return len(text)
    if encoding == UTF8:
        return len(text.encode("utf-8", "surrogatepass"))
    return len(text) + sum(1 for c in text if ord(c) > 0xFFFF)


class PositionMapper:
    """Converts between offsets of one text and positions in one encoding."""

    def __init__(self, text: str, encoding: str = UTF16, index: LineIndex | None = None) -> None:
        self.text = text
        self.encoding = encoding
        self.index = index or LineIndex(text)

    def line_character(self, offset: int) -> tuple[int, int]:
        """The line and the character (in the encoding's units) of ``offset``."""
        line, column = self.index.position(offset)
        if self.encoding == UTF32 or column == 0:
            return line, column
        start = self.index.line_start(line)
        return line, _units(self.text[start:start + column], self.encoding)

    def position(self, offset: int) -> types.Position:
        line, character = self.line_character(offset)
        return types.Position(line=line, character=character)

    def range(self, start: int, end: int) -> types.Range:
        return types.Range(start=self.position(start), end=self.position(end))

    def offset(self, position: types.Position) -> int:
        """The offset of a client position; characters past the line end clamp to it."""
        line = position.line
        if line >= self.index.line_count:
            return len(self.text)
        start = self.index.line_start(line)
        end = self.index.line_end(line)
        content = self.text[start:end]
        if self.encoding == UTF32 or content.isascii():
            return start + min(position.character, len(content))
        units = 0
        for i, char in enumerate(content):
            if units >= position.character:
                return start + i
            if self.encoding == UTF8:
                units += len(char.encode("utf-8", "surrogatepass"))
            else:
                units += 2 if ord(char) > 0xFFFF else 1
        return end
