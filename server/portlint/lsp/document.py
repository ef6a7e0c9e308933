"""Open documents: text kept exactly as the client has it.

pygls's own document re-splits the whole text with ``str.splitlines`` on every change, which also
breaks lines at form feeds, U+2028 and other characters that are not LSP line breaks — a client
and the server would then disagree about line numbers and an edit could land in the wrong place.
This document applies each incremental change by offsets computed from LSP line breaks, in the
negotiated position encoding.
"""

from __future__ import annotations

from typing import Any

from lsprotocol import types
from pygls.workspace import TextDocument, Workspace

from portlint.lsp.positions import PositionMapper


class LspDocument(TextDocument):
    """A text document whose changes are applied with LSP line semantics."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._mapper: PositionMapper | None = None

    @property
    def encoding(self) -> str:
        return str(self.position_codec.encoding or types.PositionEncodingKind.Utf16)

    @property
    def mapper(self) -> PositionMapper:
        """Position arithmetic for the current text (rebuilt after each change)."""
        if self._mapper is None or self._mapper.text is not self.source:
            self._mapper = PositionMapper(self.source, self.encoding)
        return self._mapper

    def apply_change(self, change: types.TextDocumentContentChangeEvent) -> None:
        if isinstance(change, types.TextDocumentContentChangePartial):
            mapper = self.mapper
            start = mapper.offset(change.range.start)
            end = max(start, mapper.offset(change.range.end))
            text = self.source
            self._source = text[:start] + change.text + text[end:]
        else:
            self._source = change.text
        self._mapper = None

    @property
    def lines(self) -> list[str]:
        index = self.mapper.index
        text = self.source
        return [text[index.line_start(i):index.line_start(i + 1)] if i + 1 < index.line_count
                else text[index.line_start(i):] for i in range(index.line_count)]


class LspWorkspace(Workspace):
    """A pygls workspace whose text documents are :class:`LspDocument`."""

    def _create_text_document(self, doc_uri: str, source: str | None = None,
                              version: int | None = None, language_id: str | None = None
                              ) -> TextDocument:
        return LspDocument(doc_uri, source=source, version=version, language_id=language_id,
                           sync_kind=self._sync_kind, position_codec=self._position_codec)
