"""The server's session in this process, fed bytes chunk by chunk, its output parsed as frames.

For what a subprocess cannot show deterministically: a chunk handed to :meth:`feed` reaches the
server's reader in one read, so a request and its cancellation in one chunk always arrive
together; and the server's tables can be inspected (and its functions counted) directly.
"""

from __future__ import annotations

import json
import queue
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from portlint.lsp.framing import FrameReader
from portlint.lsp.server import PortlintServer, create_server
from tests.lsp.raw import frame


class _Output:
    def __init__(self, owner: InProcessServer) -> None:
        self._owner = owner
        self._pending = bytearray()

    def write(self, data: bytes) -> None:
        self._pending += data
        while True:
            header, sep, rest = bytes(self._pending).partition(b"\r\n\r\n")
            if not sep:
                return
            fields = dict(line.split(b": ", 1) for line in header.split(b"\r\n"))
            assert set(fields) <= {b"Content-Length", b"Content-Type"}, header
            length = int(fields[b"Content-Length"])
            if len(rest) < length:
                return
            self._owner.received(json.loads(rest[:length]))
            del self._pending[:len(header) + 4 + length]

    def close(self) -> None:
        pass


class InProcessServer:
    def __init__(self) -> None:
        self.server: PortlintServer = create_server()
        self.messages: list[dict[str, Any]] = []
        self.code: int | None = None
        self._chunks: queue.Queue[bytes] = queue.Queue()
        self._left = b""
        self._changed = threading.Condition()
        self._next_id = 1000
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _read(self, size: int) -> bytes:
        if not self._left:
            self._left = self._chunks.get()
            if not self._left:
                return b""
        out, self._left = self._left[:size], self._left[size:]
        return out

    def _run(self) -> None:
        reader = FrameReader(self._read, self.server.message_limit)
        self.code = self.server.run_session(reader, _Output(self), None).code
        with self._changed:
            self._changed.notify_all()

    def received(self, message: dict[str, Any]) -> None:
        with self._changed:
            self.messages.append(message)
            self._changed.notify_all()

    def feed(self, *messages: dict[str, Any] | bytes) -> None:
        """One chunk: everything here reaches the server in a single read."""
        self._chunks.put(b"".join(m if isinstance(m, bytes) else frame(m) for m in messages))

    def end(self) -> int | None:
        self._chunks.put(b"")
        self._thread.join(60)
        return self.code

    def request(self, method: str, params: Any = None) -> tuple[int, dict[str, Any]]:
        self._next_id += 1
        message = {"jsonrpc": "2.0", "id": self._next_id, "method": method}
        if params is not None:
            message["params"] = params
        return self._next_id, message

    def wait_for(self, predicate: Callable[[dict[str, Any]], bool], timeout: float = 60
                 ) -> dict[str, Any]:
        with self._changed:
            found = self._changed.wait_for(
                lambda: next((m for m in self.messages if predicate(m)), None) is not None
                or self.code is not None, timeout)
            match = next((m for m in self.messages if predicate(m)), None)
        assert found and match is not None, [m.get("id", m.get("method"))
                                             for m in self.messages][-20:]
        return match

    def response(self, ident: Any) -> dict[str, Any]:
        return self.wait_for(lambda m: m.get("id") == ident and "method" not in m)

    def initialize(self, root: Path) -> None:
        ident, message = self.request("initialize", {
            "processId": None, "rootUri": root.as_uri(), "capabilities": {},
            "initializationOptions": {"debounceMs": 0}})
        self.feed(message, {"jsonrpc": "2.0", "method": "initialized", "params": {}})
        self.response(ident)
