"""The LSP protocol class: pygls's, with portlint's document class installed at initialize, and
messages whose JSON portlint has already written (diagnostics) sent as they are."""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
import threading
from collections.abc import Generator
from typing import Any

from lsprotocol import types
from pygls.protocol import LanguageServerProtocol, lsp_method

from portlint.lsp.document import LspWorkspace

log = logging.getLogger("portlint")
_PENDING_WRITES: set[asyncio.Future[Any]] = set()


class RawJson:
    """A result already encoded as JSON, in pieces: a handler returns it and it is sent
    verbatim."""

    __slots__ = ("pieces",)

    def __init__(self, *pieces: str) -> None:
        self.pieces = pieces


class PortlintProtocol(LanguageServerProtocol):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._write_lock = threading.RLock()  # one message at a time, whichever thread sends

    def _execute_handler(self, msg_id: Any, handler: Any, callback: Any,
                         args: Any = None, kwargs: Any = None) -> None:
        """pygls keeps the future of every notification it runs as a generator or coroutine
        (didOpen, didChange, didClose...) in ``_request_futures`` and never removes it — one
        leaked future per notification for the life of the server. Each is removed when done."""
        def done(future: Any) -> None:
            if self._request_futures.get(msg_id) is future:
                del self._request_futures[msg_id]
            callback(future)

        super()._execute_handler(msg_id, handler, done, args, kwargs)

    @lsp_method(types.SHUTDOWN)
    def lsp_shutdown(self, *args: Any) -> Generator[Any, Any, None]:
        """pygls's, without iterating over the futures while cancelling them removes them."""
        if (user_handler := self.fm.features.get(types.SHUTDOWN)) is not None:
            yield user_handler, args, None
        current = self.msg_id
        for msg_id, future in list(self._request_futures.items()):
            if msg_id != current and not future.done():
                future.cancel()
        self._shutdown = True

    @lsp_method(types.INITIALIZE)
    def lsp_initialize(self, params: types.InitializeParams
                       ) -> Generator[Any, Any, types.InitializeResult]:
        result = yield from super().lsp_initialize(params)
        plain = self.workspace
        workspace = LspWorkspace(plain.root_uri, self._server._text_document_sync_kind,
                                 list(plain.folders.values()), plain.position_encoding)
        workspace.before_change = getattr(self._server, "document_changing", None)
        self._workspace = workspace
        return result

    def notify_raw(self, method: str, params: tuple[str, ...]) -> None:
        """A notification whose params are JSON text, given in pieces (a large array is sent
        as it is, not copied into one message string first)."""
        self.send_raw(f'{{"jsonrpc":"2.0","method":{json.dumps(method)},"params":', *params, "}")

    def _send_data(self, data: Any) -> None:
        result = getattr(data, "result", None)
        if isinstance(result, RawJson):
            self.send_raw(f'{{"jsonrpc":"2.0","id":{json.dumps(data.id)},"result":',
                          *result.pieces, "}")
            return
        with self._write_lock:
            super()._send_data(data)

    def send_raw(self, *pieces: str) -> None:
        """Write one message whose body is the JSON text ``pieces`` make, framed as pygls frames
        its own."""
        if self.writer is None:
            log.error("no transport to send on")
            return
        payload = [piece.encode("utf-8") for piece in pieces]
        if self._include_headers:
            length = sum(len(piece) for piece in payload)
            payload.insert(0, (f"Content-Length: {length}\r\n"
                               f"Content-Type: {self.CONTENT_TYPE}; charset={self.CHARSET}"
                               "\r\n\r\n").encode("ascii"))
        with self._write_lock:
            try:
                for piece in payload:
                    written = self.writer.write(piece)
                    if inspect.isawaitable(written):  # a websocket writer
                        pending = asyncio.ensure_future(written)
                        _PENDING_WRITES.add(pending)
                        pending.add_done_callback(_PENDING_WRITES.discard)
            except BrokenPipeError:
                log.error("the client closed the connection")
                raise
