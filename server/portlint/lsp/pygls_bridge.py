"""Every place portlint reaches into pygls beyond its documented API, in one module.

pygls 2.1 does most of the protocol well; where it does not (a leaked future per notification,
documents keyed by a spelling of their URI, a cancellation that can only arrive too late, JSON
written twice), portlint overrides or reads pygls internals. They are all here — the protocol
class (messages whose JSON portlint already wrote are sent as they are; portlint's workspace and
document class installed at initialize), the workspace class, and the session's access to the
running requests — and :data:`PYGLS_INTERNALS` names each internal, so
``tests/lsp/test_pygls_bridge.py`` fails at once on a pygls release that renamed one.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
import threading
from collections.abc import Callable, Container, Generator
from typing import Any

from lsprotocol import types
from pygls.protocol import LanguageServerProtocol, lsp_method
from pygls.workspace import TextDocument, Workspace

from portlint.lsp.document import LspDocument
from portlint.lsp.uris import document_key

log = logging.getLogger("portlint")

PYGLS_INTERNALS: tuple[tuple[type, str], ...] = (
    # overridden
    (LanguageServerProtocol, "_execute_handler"),
    (LanguageServerProtocol, "_send_data"),
    (Workspace, "_create_text_document"),
)
PYGLS_INSTANCE_INTERNALS = (
    # attributes set in __init__ that portlint reads or replaces
    ("protocol", "_request_futures"), ("protocol", "_handle_cancel_notification"),
    ("protocol", "_workspace"), ("protocol", "_include_headers"), ("protocol", "_shutdown"),
    ("protocol", "_server"), ("server", "_text_document_sync_kind"),
    ("workspace", "_text_documents"), ("workspace", "_sync_kind"),
    ("workspace", "_position_codec"),
)
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


def running_requests(protocol: LanguageServerProtocol) -> Container[Any]:
    """The ids of the requests whose handlers are running (awaiting something)."""
    return protocol._request_futures.keys()


def cancel_running(protocol: LanguageServerProtocol, ident: Any) -> None:
    """Cancel a running request as pygls does for ``$/cancelRequest``."""
    protocol._handle_cancel_notification(ident)


class LspWorkspace(Workspace):
    """A pygls workspace whose text documents are :class:`LspDocument`, stored under their
    :func:`~portlint.lsp.uris.document_key` (pygls's own key is ``unquote(uri)``, which two
    spellings of one file do not share)."""

    before_change: Callable[[str], None] | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._warned: set[str] = set()  # documents whose changes were ignored, said once each

    def _create_text_document(self, doc_uri: str, source: str | None = None,
                              version: int | None = None, language_id: str | None = None
                              ) -> TextDocument:  # pygls's factory, overridden
        return LspDocument(doc_uri, source=source, version=version, language_id=language_id,
                           sync_kind=self._sync_kind, position_codec=self._position_codec,
                           before_change=self.before_change)

    def find(self, uri: str) -> LspDocument | None:
        """The open document ``uri`` names, however it is spelled."""
        document = self._text_documents.get(document_key(uri))
        return document if isinstance(document, LspDocument) else None

    def get_text_document(self, doc_uri: str) -> TextDocument:
        return self.find(doc_uri) or self._create_text_document(doc_uri)

    def put_text_document(self, text_document: types.TextDocumentItem,
                          notebook_uri: str | None = None) -> None:
        """didOpen: the document is replaced, whatever version it had before."""
        key = document_key(text_document.uri)
        self._warned.discard(key)
        self._text_documents[key] = self._create_text_document(
            text_document.uri, source=text_document.text, version=text_document.version,
            language_id=text_document.language_id)

    def remove_text_document(self, doc_uri: str) -> None:
        key = document_key(doc_uri)
        self._text_documents.pop(key, None)
        self._warned.discard(key)

    def update_text_document(self, text_doc: types.VersionedTextDocumentIdentifier,
                             change: types.TextDocumentContentChangeEvent) -> None:
        document = self.find(text_doc.uri)
        if document is None:
            key = document_key(text_doc.uri)
            if key not in self._warned and len(self._warned) < 1000:
                self._warned.add(key)
                log.warning("ignored changes to %s, which is not open", text_doc.uri)
            return
        document.apply_change(change)
        document.version = text_doc.version
