"""The LSP base protocol: header fields, then a body of ``Content-Length`` bytes.

pygls 2.1 reads frames with a loop (``pygls.io_.run_async``) that recognises only the exact line
``Content-Length: N\\r\\n``. Any other spelling — a lower-case name, a missing space, a bare
``\\n``, a value that is not a number — leaves it without a length, so it reads the body as if
it were header lines, glued to the next message's header: one bad frame and the server is deaf
for the rest of the session. It then reads the announced length in one call, allocating what a
header merely claims. This reader replaces that loop:

- header names are matched without regard to case, values stripped, ``\\n`` accepted for
  ``\\r\\n``, unknown headers (``Content-Type``) ignored;
- a frame without a usable length is reported and skipped: reading resumes at the next
  ``Content-Length`` header, found by scanning the bytes (the bad frame's body, if any, is
  dropped on the way); a header named by the tail of ``Content-Length`` (``ngth: 52``, what is
  left when the frame before announced too many bytes) is taken as the length;
- a body longer than the limit is skipped without being kept, and reported; as its length may be
  a lie, reading resumes at the next ``Content-Length`` header rather than that many bytes on;
- a body is read as it arrives, so memory follows the bytes received, not the header's claim.

Header lines and header blocks are bounded too. The reader never raises on bad input; it returns
:class:`Frame` objects carrying either a body or a problem, and None at the end of the stream.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

MAX_HEADER_LINE = 8 * 1024
MAX_HEADER_LINES = 32
_CHUNK = 64 * 1024
_HEAD = 512
_LENGTH_HEADER = re.compile(rb"content-length[ \t]*:", re.IGNORECASE)
_TOKEN = re.compile(rb"[!#$%&'*+.^_`|~0-9A-Za-z-]+")


class Frame(NamedTuple):
    """One frame: its body, or why there is none (the session goes on either way); a frame can
    have both, when bytes that were not a header came before its own."""

    body: bytearray | None
    problem: str | None = None
    head: bytes = b""  # the first bytes of a body skipped for its size (its id may be there)
    oversized: bool = False  # skipped for its size: the user is told, not only the log


class FrameReader:
    """Frames from a byte source; ``read(n)`` returns up to ``n`` bytes, ``b""`` at the end.
    ``max_body()`` is the largest body accepted, asked again for each frame."""

    def __init__(self, read: Callable[[int], bytes], max_body: Callable[[], int]) -> None:
        self._read = read
        self._max_body = max_body
        self._buffer = bytearray()
        self._eof = False
        self._lost = False  # after a bad frame: skip to the next Content-Length header
        self.before_read: Callable[[], None] | None = None  # called before each read

    def _fill(self) -> bool:
        """Read one more chunk into the buffer; False at the end of the stream."""
        if self._eof:
            return False
        if self.before_read is not None:
            self.before_read()
        chunk = self._read(_CHUNK)
        if not chunk:
            self._eof = True
            return False
        self._buffer += chunk
        return True

    def _line(self) -> bytes | None:
        """The next line without its terminator; None at the end; raises _TooLong."""
        while True:
            end = self._buffer.find(b"\n", 0, MAX_HEADER_LINE + 1)
            if end >= 0:
                line = bytes(self._buffer[:end])
                del self._buffer[:end + 1]
                return line[:-1] if line.endswith(b"\r") else line
            if len(self._buffer) > MAX_HEADER_LINE:
                raise _TooLong
            if not self._fill():
                return None

    def _resync(self) -> bool:
        """Drop bytes up to the next ``Content-Length`` header; False at the end."""
        keep = len(b"content-length") + 16  # a header split across two reads
        while True:
            found = _LENGTH_HEADER.search(self._buffer)
            if found is not None:
                del self._buffer[:found.start()]
                return True
            if len(self._buffer) > keep:
                del self._buffer[:len(self._buffer) - keep]
            if not self._fill():
                self._buffer.clear()
                return False

    def _head(self, size: int) -> bytes:
        """The first bytes of a body about to be skipped, as far as they are already here
        (never waiting: the body may be shorter than its header says)."""
        if not self._buffer:
            self._fill()
        return bytes(self._buffer[:min(size, _HEAD)])

    def _body(self, size: int) -> bytearray | None:
        """Exactly ``size`` bytes, read as they arrive (never allocated ahead of them)."""
        body = self._buffer[:size]  # a copy: the buffer goes on
        del self._buffer[:len(body)]
        while len(body) < size:
            if self.before_read is not None:
                self.before_read()
            chunk = self._read(min(_CHUNK, size - len(body)))
            if not chunk:
                self._eof = True
                return None
            body += chunk
        return body

    def _headers(self) -> tuple[int | None, str | None] | None:
        """The block's content length and its problem; None at the end of the stream."""
        length: int | None = None
        damaged: int | None = None  # the value of a header named by the tail of content-length
        problem: str | None = None
        count = 0
        while True:
            line = self._line()
            if line is None:
                return None
            if not line.strip():
                if count == 0:
                    continue  # blank lines between messages: harmless
                if length is None and damaged is not None:
                    return damaged, "a damaged Content-Length header"
                return length, problem
            count += 1
            if count > MAX_HEADER_LINES:
                return None, "too many header lines"
            name, colon, value = line.partition(b":")
            if not colon or not _TOKEN.fullmatch(name.strip()):
                found = _LENGTH_HEADER.search(line, 1)
                if found is not None:  # the tail of a broken body, then a real header
                    self._buffer[:0] = line[found.start():] + b"\r\n"
                    count -= 1
                    problem = problem or "bytes before a header"
                    continue
                problem = problem or f"a malformed header line {_shown(line)}"
                continue
            digits = value.strip()
            name = name.strip().lower()
            if name != b"content-length":
                if b"content-length".endswith(name) and digits.isdigit() and digits.isascii():
                    # "...ength: 52": a body read too long took the start of this header
                    damaged = int(digits[:18])
                continue
            if not digits.isdigit() or not digits.isascii() or len(digits) > 18:
                problem = problem or f"an invalid Content-Length {_shown(digits)}"
                continue
            length = int(digits)

    def next(self) -> Frame | None:
        """The next frame; None when the stream has ended. A frame with a problem is returned
        at once; the bytes after it are skipped when the next frame is asked for."""
        if self._lost:
            self._lost = False
            if not self._resync():
                return None
        try:
            headers = self._headers()
        except _TooLong:
            self._lost = True
            return Frame(None, f"a header line longer than {MAX_HEADER_LINE} bytes")
        if headers is None:
            return None
        length, problem = headers
        if length is None:
            self._lost = True
            return Frame(None, problem or "no Content-Length header")
        limit = self._max_body()
        if length > limit:
            # not skipped by its length, which may be a lie: reading resumes at the next header
            self._lost = True
            return Frame(None, f"a message of {length:,} bytes, more than the limit of "
                               f"{limit:,}", self._head(length), oversized=True)
        body = self._body(length)
        if body is None:
            return None
        return Frame(body, problem)  # a stray line before a good header: noted, frame whole


class _TooLong(Exception):
    pass


def _shown(data: bytes) -> str:
    return repr(data[:60].decode("utf-8", "replace"))
