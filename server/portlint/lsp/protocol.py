"""The LSP protocol class: pygls's, with portlint's document class installed at initialize."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from lsprotocol import types
from pygls.protocol import LanguageServerProtocol, lsp_method

from portlint.lsp.document import LspWorkspace


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
