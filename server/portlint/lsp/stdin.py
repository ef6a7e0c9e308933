"""Standard input for the server, so a large message is not kept after it was handled.

pygls reads each message body into a local variable of its read loop, which keeps the bytes of
the last message alive until the next one arrives — a second copy of a 1 MB document for as long
as the editor is idle. This reader fills a ``bytearray`` instead (``json.loads`` takes one) and
empties it when the next message starts.
"""

from __future__ import annotations

from typing import BinaryIO


class ReleasingStdin:
    def __init__(self, stream: BinaryIO) -> None:
        self._stream = stream
        self._last: bytearray | None = None

    def readline(self) -> bytes:
        if self._last is not None:
            self._last.clear()  # the previous message has been handled: free its body
            self._last = None
        return self._stream.readline()

    def read(self, size: int = -1) -> bytes | bytearray:
        if size < 0:
            return self._stream.read()
        body = bytearray(size)
        view = memoryview(body)
        filled = 0
        while filled < size:
            got = self._stream.readinto(view[filled:])  # type: ignore[attr-defined]
            if not got:
                break
            filled += got
        view.release()
        if filled < size:
            del body[filled:]
        self._last = body
        return body
