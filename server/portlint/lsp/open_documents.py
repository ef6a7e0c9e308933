"""What the server keeps about each open document, in one object per document.

From didOpen to didClose a document has one :class:`OpenDocument`: the URI the client opened it
with, the engine's incremental state, the encoder of its diagnostics, its latest lint, the
pending debounced lint and the version last published. :class:`OpenDocuments` holds them by
:func:`~portlint.lsp.uris.document_key`; closing or re-opening a document drops its entry whole,
so nothing about a closed document can be left behind in a table of its own. (Its text is
pygls's workspace's, kept as :class:`~portlint.lsp.document.LspDocument`.)
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from portlint.incremental import DocumentLint
from portlint.lsp.convert import DiagnosticEncoder

if TYPE_CHECKING:
    from portlint.lsp.linting import Linted


@dataclass(eq=False)
class OpenDocument:
    """Everything the server keeps about one open document, from its open to its close."""

    client_uri: str  # as the client opened it: its diagnostics are cleared under this URI
    lint: DocumentLint = field(default_factory=DocumentLint)  # the engine's incremental state
    encoder: DiagnosticEncoder = field(default_factory=DiagnosticEncoder)
    latest: Linted | None = None  # the lint of its latest version, while it is current
    tool_document: bool = False  # was a tool-schema document when it last parsed
    debounce: asyncio.Task[None] | None = None  # the push lint waiting for typing to pause
    published_version: int | None = None  # the version last published (None: none, or
    # published without a version — either way nothing newer to protect)

    def cancel_debounce(self) -> None:
        task, self.debounce = self.debounce, None
        if task is not None:
            task.cancel()


class OpenDocuments:
    """The open documents' state, one :class:`OpenDocument` per document key."""

    def __init__(self) -> None:
        self._by_key: dict[str, OpenDocument] = {}

    def open(self, key: str, uri: str) -> OpenDocument:
        """didOpen: a fresh state, whatever was kept from an earlier open of the key."""
        self.close(key)
        state = self._by_key[key] = OpenDocument(uri)
        return state

    def close(self, key: str) -> OpenDocument | None:
        """didClose (or a re-open): the document's whole state goes; its pending lint is
        cancelled. Returns what was dropped."""
        state = self._by_key.pop(key, None)
        if state is not None:
            state.cancel_debounce()
        return state

    def get(self, key: str) -> OpenDocument | None:
        return self._by_key.get(key)

    def get_or_open(self, key: str, uri: str) -> OpenDocument:
        """The state of a document the workspace holds, made if its didOpen was not seen."""
        state = self._by_key.get(key)
        return state if state is not None else self.open(key, uri)

    def __iter__(self) -> Iterator[OpenDocument]:
        return iter(list(self._by_key.values()))

    def __len__(self) -> int:
        return len(self._by_key)

    def __contains__(self, key: object) -> bool:
        return key in self._by_key
