"""Bytes to text and back, and offset arithmetic on text.

Inside the engine every position is a code-point offset into the decoded text. This module owns
the two conversions around that: decoding a file's bytes (BOM, UTF-16/32, invalid UTF-8 reported
with its place) and mapping offsets to 0-based (line, column) pairs. Line breaks are exactly the
ones the Language Server Protocol recognises — ``\\r\\n``, ``\\n`` and a lone ``\\r`` — never the
extra separators ``str.splitlines`` would honour (form feed, U+2028, ...), so a line number printed
by the CLI is the line an editor shows.
"""

from __future__ import annotations

import bisect
import codecs
import itertools
import operator
import os
import re
from array import array

from portlint.records import NamedTuple

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
# separators str.splitlines honours but LSP does not
_NOT_LSP_BREAKS = re.compile("[\v\f\x1c\x1d\x1e\x85\u2028\u2029]")

_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


class DecodeError(Exception):
    """The bytes are not text in any encoding portlint accepts."""

    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(message)
        self.message = message
        self.line = line  # 1-based
        self.column = column  # 1-based, in bytes of the offending line


class DecodedText(NamedTuple):
    text: str
    encoding: str
    bom: bool

    def encode(self, text: str) -> bytes:
        """Encode ``text`` the way the original file was encoded (same codec, same BOM)."""
        body = text.encode(self.encoding)
        if not self.bom:
            return body
        bom = next(b for b, name in _BOMS if name == self.encoding)
        return bom + body


class EncodeRefused(Exception):
    """Fixed text that cannot be written in the file's encoding without changing other bytes."""


def encode_fixed(decoded: DecodedText, original: bytes, fixed: str) -> bytes:
    """``fixed`` encoded as ``original`` was. Refused (:class:`EncodeRefused`, with the reason)
    when the encoding does not give back the original bytes from their own text — a coding
    declaration of `utf-7` or `unicode_escape` decodes, but encodes other bytes than it read,
    so writing would change what the fixes did not touch — or cannot encode the fixed text."""
    try:
        if decoded.encode(decoded.text) != original:
            raise EncodeRefused(
                f"its encoding, {decoded.encoding}, does not give back the file's own bytes "
                "when its text is written again (writing would change bytes no fix touches)")
        return decoded.encode(fixed)
    except UnicodeEncodeError:
        raise EncodeRefused(f"the fixed text has characters {decoded.encoding} cannot "
                            "encode") from None


def _sniff_bomless(data: bytes) -> str:
    """RFC 4627 §3: the pattern of NUL bytes among the first four octets gives the encoding."""
    head = data[:4]
    if len(head) == 4:
        zeros = tuple(b == 0 for b in head)
        if zeros == (True, True, True, False):
            return "utf-32-be"
        if zeros == (False, True, True, True):
            return "utf-32-le"
        if zeros[:2] == (True, False) and zeros[2:] == (True, False):
            return "utf-16-be"
        if zeros[:2] == (False, True) and zeros[2:] == (False, True):
            return "utf-16-le"
    return "utf-8"


def decode_bytes(data: bytes) -> DecodedText:
    """Decode a file's bytes; raise :class:`DecodeError` naming the first invalid byte."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            body = data[len(bom) :]
            return DecodedText(_strict_decode(body, encoding, len(bom)), encoding, True)
    encoding = _sniff_bomless(data)
    return DecodedText(_strict_decode(data, encoding, 0), encoding, False)


class UnreadableFile(Exception):
    """A file that could not be read as text, with the reason in the words reports use."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def read_text_file(path: os.PathLike[str] | str, fmt: str | None = None) -> str:
    """A file's text, decoded as :func:`decode_source` does for its format; :class:`
    UnreadableFile` says why not (``cannot read: <reason>`` or the first invalid byte)."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as error:
        raise UnreadableFile(f"cannot read: {error.strerror or error}") from None
    try:
        return decode_source(data, fmt).text
    except DecodeError as error:
        raise UnreadableFile(error.message) from None


# PEP 263: a coding declaration in a comment on the first or second line of a Python file
_COOKIE = re.compile(rb"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)", re.ASCII)
_BLANK = re.compile(rb"^[ \t\f]*(?:[#\r\n]|$)", re.ASCII)


def python_encoding(data: bytes) -> str | None:
    """The encoding a Python file declares (PEP 263), as Python finds it: a ``coding``
    comment on the first line, or on the second when the first is blank or a comment."""
    lines = data.split(b"\n", 2)[:2]
    for number, line in enumerate(lines):
        match = _COOKIE.match(line)
        if match is not None:
            return match.group(1).decode("ascii")
        if number == 0 and not _BLANK.match(line):
            return None
    return None


def decode_source(data: bytes, fmt: str | None) -> DecodedText:
    """Decode a file of a known format: a Python file per its coding declaration (a latin-1
    source is read as latin-1, as Python reads it), anything else as :func:`decode_bytes`."""
    declared = python_encoding(data) if fmt == "python" and not data.startswith(
        codecs.BOM_UTF8) else None
    if declared is None:
        return decode_bytes(data)
    try:
        codec = codecs.lookup(declared)
    except LookupError:
        raise DecodeError(f"the coding declaration names an unknown encoding, `{declared}`",
                          1, 1) from None
    if codec.name in ("utf-8", "utf-8-sig"):
        return decode_bytes(data)
    if not getattr(codec, "_is_text_encoding", True):  # rot13, hex, base64, zlib: as Python
        raise DecodeError(f"the coding declaration names `{declared}`, which is not a text "
                          "encoding", 1, 1)
    try:
        return DecodedText(data.decode(codec.name), codec.name, False)
    except (LookupError, TypeError, ValueError) as error:  # a codec failing otherwise
        if not isinstance(error, UnicodeDecodeError):
            raise DecodeError(f"the bytes cannot be decoded as `{declared}`, the encoding "
                              f"its coding declaration names ({error})", 1, 1) from None
        exc = error
        before = data[: exc.start]
        line = before.count(b"\n") + 1
        column = exc.start - (before.rfind(b"\n") + 1) + 1
        raise DecodeError(
            f"not valid {codec.name} (the encoding its coding declaration names): byte "
            f"0x{data[exc.start:exc.start + 1].hex()} at line {line}, byte {column}",
            line, column) from None


def _strict_decode(body: bytes, encoding: str, skipped: int) -> str:
    try:
        return body.decode(encoding)
    except UnicodeDecodeError as exc:
        before = body[: exc.start]
        line = before.count(b"\n") + 1
        column = exc.start - (before.rfind(b"\n") + 1) + 1
        if line == 1:
            column += skipped
        bad = body[exc.start : exc.start + 1].hex()
        raise DecodeError(
            f"not valid {encoding.upper()}: byte 0x{bad} at line {line}, byte {column} "
            f"({exc.reason}); portlint reads UTF-8, or UTF-16/32 with a byte-order mark",
            line,
            column,
        ) from None


class LineIndex:
    """Maps code-point offsets to 0-based (line, column) and back."""

    __slots__ = ("_cr", "_starts", "_text")

    def __init__(self, text: str) -> None:
        self._text = text
        self._starts = _line_starts(text)
        self._cr = "\r" in text

    @property
    def starts(self) -> array[int]:
        """The offsets where lines start (the index's own array: do not modify it)."""
        return self._starts

    @property
    def has_carriage_return(self) -> bool:
        return self._cr

    def edited(self, start: int, end: int, inserted: str, new_text: str) -> LineIndex:
        """The index of ``new_text``: this text with ``[start, end)`` replaced by ``inserted``."""
        return LineIndex.spliced(self._starts, self.has_carriage_return, start, end,
                                 inserted=inserted, new_text=new_text)

    @staticmethod
    def spliced(starts: array[int], had_carriage_return: bool, start: int, end: int, *,
                inserted: str, new_text: str) -> LineIndex:
        """The index of ``new_text``, made from the line starts of the text it was edited from.

        Line starts are spliced instead of searched again. A carriage return in either text
        falls back to a full rebuild: a CR-LF pair can be split or joined at an edit's edges,
        which splicing alone would miss. (It takes the old text's starts, not the old text, so
        an editor can let the old text go before building the new one.)"""
        if "\r" in inserted or had_carriage_return or _NOT_LSP_BREAKS.search(inserted):
            return LineIndex(new_text)
        delta = len(inserted) - (end - start)
        keep = bisect.bisect_right(starts, start)  # starts at or before the edit stay
        drop = bisect.bisect_right(starts, end)  # starts inside (start, end] lost their break
        added = [start + i + 1 for i, c in enumerate(inserted) if c == "\n"] if (
            "\n" in inserted) else []
        index = LineIndex.__new__(LineIndex)
        index._text = new_text
        spliced = starts[:keep]
        spliced.extend(added)
        # map with a bound C method: a document of 30,000 lines is shifted in well under 1 ms
        spliced.extend(map(delta.__add__, starts[drop:]) if delta else starts[drop:])
        index._starts = spliced
        index._cr = False
        return index

    @property
    def line_count(self) -> int:
        return len(self._starts)

    def position(self, offset: int) -> tuple[int, int]:
        """0-based (line, column in code points) of ``offset`` (clamped into the text)."""
        offset = max(0, min(offset, len(self._text)))
        line = bisect.bisect_right(self._starts, offset) - 1
        return line, offset - self._starts[line]

    def offset(self, line: int, column: int) -> int:
        """Offset of a 0-based (line, column); columns past the line end clamp to it."""
        if line < 0:
            return 0
        if line >= len(self._starts):
            return len(self._text)
        start = self._starts[line]
        return min(start + max(column, 0), self.line_end(line))

    def line_start(self, line: int) -> int:
        return self._starts[line]

    def line_end(self, line: int) -> int:
        """Offset of the end of ``line``'s content (before its line break)."""
        if line + 1 < len(self._starts):
            end = self._starts[line + 1]
            text = self._text
            if end >= 2 and text[end - 2 : end] == "\r\n":
                return end - 2
            return end - 1
        return len(self._text)

    def line_text(self, line: int) -> str:
        return self._text[self._starts[line] : self.line_end(line)]


class OffsetPositions:
    """0-based (line, column) of offsets, like :meth:`LineIndex.position`, without indexing
    every line of the text: what a report needs, placing a few findings in a large document.

    Offsets asked in increasing order (a report's findings are sorted by place) cost the text
    between one and the next: one sweep of C ``str.count`` over the text in all, not a line
    start kept for each of its lines. An offset before the last one asked, or a text with a
    carriage return (``\\r\\n`` and a lone ``\\r`` break lines too), is answered by a
    :class:`LineIndex`, built once when first needed."""

    __slots__ = ("_index", "_line", "_line_start", "_offset", "_text")

    def __init__(self, text: str) -> None:
        self._text = text
        # "\n" is the only line break of a text without "\r"
        self._index: LineIndex | None = LineIndex(text) if "\r" in text else None
        self._offset = 0  # the last offset asked, and its line and that line's start
        self._line = 0
        self._line_start = 0

    def position(self, offset: int) -> tuple[int, int]:
        """0-based (line, column in code points) of ``offset`` (clamped into the text)."""
        if self._index is not None:
            return self._index.position(offset)
        text = self._text
        offset = max(0, min(offset, len(text)))
        if offset < self._offset:
            self._index = LineIndex(text)
            return self._index.position(offset)
        breaks = text.count("\n", self._offset, offset)
        if breaks:
            self._line += breaks
            self._line_start = text.rfind("\n", self._offset, offset) + 1
        self._offset = offset
        return self._line, offset - self._line_start


_CHUNK = 1 << 16


def _line_starts(text: str) -> array[int]:
    """Offsets where lines start, as machine integers (4 bytes a line, not a boxed int each;
    8 for a text past 4 G characters)."""
    code = "I" if len(text) < 0xFFFF_FFFF else "q"
    if "\r" not in text:
        # "\n" is then the only LSP line break, and a line starts one past each: the pieces
        # ``str.split("\n")`` cuts give them by summing their lengths, plus one for each break,
        # all in C (this runs on every keystroke in a large document, and for every report). A
        # chunk at a time (each ending at a line break) bounds the pieces alive at once.
        starts = array(code, [0])
        position = 0
        size = len(text)
        while position < size:
            cut = text.find("\n", min(position + _CHUNK, size - 1))
            stop = size if cut == -1 else cut + 1
            pieces = text[position:stop].split("\n")
            pieces.pop()  # what follows the chunk's last break (or the text's unbroken end)
            starts.extend(map(operator.add, itertools.accumulate(map(len, pieces)),
                              itertools.count(position + 1)))
            position = stop
        return starts
    starts = array(code, [0])
    starts.extend(m.end() for m in _LINE_BREAK.finditer(text))
    return starts


def line_break_of(text: str) -> str:
    """The line break a text mostly uses (so inserted lines match the file)."""
    crlf = text.count("\r\n")
    lf = text.count("\n") - crlf
    cr = text.count("\r") - crlf
    if crlf >= lf and crlf >= cr and crlf:
        return "\r\n"
    if cr > lf:
        return "\r"
    return "\n"
