"""Open, change, save, close: a document's lint is scheduled, or everything about it dropped;
saving a configuration file lints every open document again."""

from __future__ import annotations

from lsprotocol import types

from portlint.lsp.language_server import PortlintServer
from portlint.lsp.uris import uri_to_path

CONFIGURATION_FILES = ("pyproject.toml", "portlint.toml")


def register(server: PortlintServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: PortlintServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.opened(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: PortlintServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: PortlintServer, params: types.DidSaveTextDocumentParams) -> None:
        path = uri_to_path(params.text_document.uri)
        if path is not None and path.name in CONFIGURATION_FILES:
            ls.refresh_all()

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: PortlintServer, params: types.DidCloseTextDocumentParams) -> None:
        ls.closed(params.text_document.uri)
