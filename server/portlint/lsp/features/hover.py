"""Hover: what the place under the cursor is (:mod:`portlint.lsp.hovers`)."""

from __future__ import annotations

from lsprotocol import types

from portlint.lsp.hovers import hover_at
from portlint.lsp.language_server import PortlintServer
from portlint.lsp.uris import uri_to_path


def register(server: PortlintServer) -> None:
    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: PortlintServer, params: types.HoverParams) -> types.Hover | None:
        linted = ls.lint(params.text_document.uri)
        if linted is None or linted.result is None:
            return None
        path = uri_to_path(linted.uri)
        found = hover_at(linted.result, linted.mapper.offset(params.position),
                         str(path) if path is not None else None)
        if found is None:
            return None
        markdown, span = found
        return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown,
                                                        value=markdown),
                           range=linted.mapper.range(*span))
