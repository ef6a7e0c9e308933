"""Open, change, save, close: a document's lint is scheduled, or everything about it dropped;
saving a file other documents depend on (a configuration file, a module a server imports, its
pins) lints those documents again."""

from __future__ import annotations

from lsprotocol import types

from portlint.lsp.language_server import PortlintServer


def register(server: PortlintServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: PortlintServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.opened(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: PortlintServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: PortlintServer, params: types.DidSaveTextDocumentParams) -> None:
        ls.files_changed([params.text_document.uri])

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: PortlintServer, params: types.DidCloseTextDocumentParams) -> None:
        ls.closed(params.text_document.uri)
