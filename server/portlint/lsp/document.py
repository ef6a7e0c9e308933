"""Open documents: text kept exactly as the client has it.

pygls's own document re-splits the whole text with ``str.splitlines`` on every change, which also
breaks lines at form feeds, U+2028 and other characters that are not LSP line breaks — a client
and the server would then disagree about line numbers and an edit could land in the wrong place.
This document applies each incremental change by offsets computed from LSP line breaks, in the
negotiated position encoding.
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Callable
from typing import Any

from lsprotocol import types
from pygls.workspace import TextDocument

from portlint.lsp.positions import PositionMapper
from portlint.lsp.uris import document_key
from portlint.source.text import LineIndex

log = logging.getLogger("portlint")
_OPENED = itertools.count(1)


class LspDocument(TextDocument):
    """A text document whose changes are applied with LSP line semantics. It keeps its text
    itself (:attr:`source`), so applying a change touches nothing private of pygls."""

    def __init__(self, uri: str, source: str | None = None, *,
                 before_change: Callable[[str], None] | None = None, **kwargs: Any) -> None:
        # pygls is given no copy of the text (it would keep the first version for good); a
        # document that is not open is read from its file, as pygls reads it
        super().__init__(uri, "" if source is not None else None, **kwargs)
        self._text: str = source if source is not None else super().source
        self.key = document_key(self.uri)
        self.opened = next(_OPENED)  # tells two opens of one URI apart, whatever their versions
        self._before_change = before_change  # lets the linter drop stale results first
        self._mapper: PositionMapper | None = None
        # what changed since the last take_region(): (start, old_end, new_end), or "all"
        self._region: tuple[int, int, int] | str | None = None

    @property
    def source(self) -> str:
        return self._text

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
        if self._before_change is not None:
            self._before_change(self.key)
        if isinstance(change, types.TextDocumentContentChangePartial):
            mapper = self.mapper
            start = mapper.offset(change.range.start)
            end = max(start, mapper.offset(change.range.end))
            starts = mapper.index.starts
            had_carriage_return = mapper.index.has_carriage_return
            head, tail = self.source[:start], self.source[end:]
            # let the old text go before the new one is built: a large document is then held
            # twice at a time, not three times
            del mapper
            self._mapper = None
            self._text = ""
            self._text = "".join((head, change.text, tail))
            del head, tail
            # the next lint and the next change both need it: update it now, cheaply
            self._mapper = PositionMapper(
                self._text, self.encoding,
                LineIndex.spliced(starts, had_carriage_return, start, end,
                                  inserted=change.text, new_text=self._text))
            self._region = _compose(self._region, start, end, len(change.text))
        else:
            self._text = change.text
            self._mapper = None
            self._region = "all"

    def take_region(self) -> tuple[int, int, int] | None:
        """The region changed since the last call (None: unknown, or nothing changed)."""
        region, self._region = self._region, None
        return region if isinstance(region, tuple) else None

    @property
    def lines(self) -> list[str]:
        index = self.mapper.index
        text = self.source
        return [text[index.line_start(i):index.line_start(i + 1)] if i + 1 < index.line_count
                else text[index.line_start(i):] for i in range(index.line_count)]


def _compose(region: tuple[int, int, int] | str | None, start: int, end: int, length: int
             ) -> tuple[int, int, int] | str:
    """Fold one more edit — ``[start, end)`` of the current text replaced by ``length``
    characters — into the region changed so far (old text ``[s, oe)`` became ``[s, ne)``)."""
    if region == "all":
        return "all"
    if region is None:
        return (start, end, start + length)
    assert isinstance(region, tuple)
    s, old_end, new_end = region
    first = min(s, start)
    last = max(new_end, end)  # in the current text
    old_last = old_end + max(0, end - new_end)  # where ``last`` sits in the old text
    return (first, old_last, last + length - (end - start))
