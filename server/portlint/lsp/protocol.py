"""The LSP protocol class: pygls's, with portlint's document class installed at initialize, and
messages whose JSON portlint has already written (diagnostics) sent as they are."""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
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
