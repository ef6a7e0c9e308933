"""The base-protocol reader: every malformed frame is reported and skipped, the frames after it
are read whole, and no header makes it allocate what it announces."""

from __future__ import annotations

import json
import tracemalloc
from collections.abc import Iterator

import pytest

from portlint.lsp.framing import MAX_HEADER_LINE, Frame, FrameReader


def _body(n: int) -> bytes:
    return json.dumps({"jsonrpc": "2.0", "id": n, "method": "m"}).encode()


def _good(n: int) -> bytes:
    body = _body(n)
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class Source:
    """Bytes served in pieces of at most ``piece`` bytes; records every size asked for."""

    def __init__(self, data: bytes, piece: int = 7) -> None:
        self.data = data
        self.at = 0
        self.piece = piece
        self.asked: list[int] = []

    def read(self, size: int) -> bytes:
        self.asked.append(size)
        out = self.data[self.at:self.at + min(size, self.piece)]
        self.at += len(out)
        return out


def _frames(data: bytes, limit: int = 1 << 20, piece: int = 7) -> list[Frame]:
    reader = FrameReader(Source(data, piece).read, lambda: limit)
    out: list[Frame] = []
    while (frame := reader.next()) is not None:
        out.append(frame)
    return out


def _ids(frames: list[Frame]) -> list[object]:
    return [json.loads(f.body)["id"] if f.body is not None else f.problem for f in frames]


@pytest.mark.parametrize("piece", [1, 7, 65536])
def test_well_formed_frames_in_any_pieces(piece: int) -> None:
    data = _good(1) + b"Content-Length: 0\r\n\r\n" + _good(2) + (
        b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n"
        b"Content-Length: %d\r\n\r\n" % len(_body(3))) + _body(3)
    frames = _frames(data, piece=piece)
    assert [f.body for f in frames] == [bytearray(_body(1)), bytearray(), bytearray(_body(2)),
                                        bytearray(_body(3))]
    assert all(f.problem is None for f in frames)


@pytest.mark.parametrize("header", [
    b"content-length: %d\r\n\r\n",  # case
    b"CONTENT-LENGTH:%d\r\n\r\n",  # no space
    b"Content-Length:   %d   \r\n\r\n",  # spaces
    b"Content-Length: %d\n\n",  # bare line feeds
    b"Content-Length: %d\r\nX-Anything: at all\r\n\r\n",  # an unknown header
])
def test_lenient_spellings_of_a_good_header(header: bytes) -> None:
    body = _body(1)
    frames = _frames(header % len(body) + body + _good(2))
    assert _ids(frames) == [1, 2]
    assert all(f.problem is None for f in frames)


@pytest.mark.parametrize("bad", [
    b"Content-Length: abc\r\n\r\n{}",
    b"Content-Length: -5\r\n\r\n{}",
    b"Content-Length: 1e3\r\n\r\n{}",
    b"Content-Length: \xd9\xa3\r\n\r\n{}",  # an Arabic-Indic digit: isdigit() but not ASCII
    b"Content-Length: 99999999999999999999999\r\n\r\n{}",
    b"Content-Lenght: 2\r\n\r\n{}",
    b"\r\n\r\n{}",
    b"garbage without a colon\r\n\r\n",
    b"{\"jsonrpc\": \"2.0\"}",  # a body with no header at all
    b"Content-Type: text/plain\r\n\r\n{}",
])
def test_a_malformed_frame_is_reported_and_the_next_one_read(bad: bytes) -> None:
    """Reported once — as a frame of its own, or as a note on the next good frame when the bad
    bytes run into its header — and frames 2 and 3 arrive whole."""
    frames = _frames(_good(1) + bad + _good(2) + _good(3))
    assert [json.loads(f.body)["id"] for f in frames if f.body] == [1, 2, 3]
    assert len([f for f in frames if f.problem]) == 1


def test_a_body_shorter_than_announced_costs_only_the_next_frame() -> None:
    """A length one short: that frame's JSON is cut (the session answers ParseError) and the
    byte left over is read as a stray line before the next header."""
    body = _body(1)
    frames = _frames(b"Content-Length: %d\r\n\r\n" % (len(body) - 1) + body + _good(2))
    assert frames[0].body == bytearray(body[:-1])
    assert _ids(frames[1:]) == [2]
    assert frames[1].problem == "bytes before a header"


def test_an_overlong_header_line_is_skipped() -> None:
    frames = _frames(b"X-Long: " + b"a" * (MAX_HEADER_LINE * 3) + b"\r\n\r\n" + _good(1))
    assert frames[0].body is None and "longer than" in (frames[0].problem or "")
    assert _ids(frames[1:]) == [1]


def test_too_many_header_lines_are_skipped() -> None:
    frames = _frames(b"X-A: b\r\n" * 100 + b"\r\n" + _good(1))
    assert frames[0].body is None and frames[0].problem == "too many header lines"
    assert _ids(frames[1:]) == [1]


def test_a_body_over_the_limit_is_skipped_with_its_head() -> None:
    big = json.dumps({"jsonrpc": "2.0", "id": 9, "method": "m", "params": "x" * 5000}).encode()
    frames = _frames(b"Content-Length: %d\r\n\r\n" % len(big) + big + _good(2), limit=1000,
                     piece=65536)
    assert frames[0].body is None
    assert frames[0].problem == f"a message of {len(big):,} bytes, more than the limit of 1,000"
    assert frames[0].head == big[:512]
    assert _ids(frames[1:]) == [2]


def _announced(size: int, sent: bytes) -> Iterator[bytes]:
    yield b"Content-Length: %d\r\n\r\n" % size
    yield sent


def test_an_announced_length_is_never_allocated_ahead_of_the_bytes() -> None:
    """A header claiming 4 GB followed by 10 bytes and the end: the reader asks for chunks,
    never for the claimed size, and its memory stays at what arrived."""
    source = Source(b"".join(_announced(4 << 30, b"0123456789")), piece=1 << 16)
    reader = FrameReader(source.read, lambda: 8 << 30)
    tracemalloc.start()
    try:
        assert reader.next() is None  # the stream ended inside the body
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 1 << 20
    assert max(source.asked) <= 1 << 16


def test_a_skipped_oversized_body_is_not_kept() -> None:
    size = 64 << 20
    source = Source(b"Content-Length: %d\r\n\r\n" % size + b" " * size + _good(1), piece=1 << 16)
    reader = FrameReader(source.read, lambda: 1 << 20)
    tracemalloc.start()
    try:
        skipped = reader.next()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert skipped is not None and skipped.body is None
    assert peak < 4 << 20  # chunks of 64 KiB, never the 64 MiB body
    follow = reader.next()
    assert follow is not None and follow.body == bytearray(_body(1))


def test_a_body_longer_than_announced_costs_only_its_own_frame() -> None:
    """A length that runs into the next header: the frame is cut (ParseError for the session),
    and the next header's tail (``ngth: 52``) is still read as its length."""
    frames = _frames(b"Content-Length: 5\r\n\r\n{}" + _good(1) + _good(2))
    assert frames[0].body == bytearray(b"{}Con")
    assert [json.loads(f.body)["id"] for f in frames[1:] if f.body] == [1, 2]
    assert frames[1].problem == "a damaged Content-Length header"
