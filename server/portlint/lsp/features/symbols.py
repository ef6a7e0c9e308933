"""The outline: tools, their schemas, their properties."""

from __future__ import annotations

from lsprotocol import types

from portlint.lsp import navigation
from portlint.lsp.language_server import PortlintServer


def register(server: PortlintServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def symbols(ls: PortlintServer, params: types.DocumentSymbolParams
                ) -> list[types.DocumentSymbol]:
        linted = ls.lint(params.text_document.uri)
        if linted is None or linted.result is None:
            return []
        return navigation.document_symbols(linted.result, linted.mapper)
