"""Located JSON nodes that scan their text only when asked.

The fast path decodes a document's values with ``json.loads`` (a C parser that keeps no
positions). When a finding needs a place, the path to it is followed through the text: each
container on the way is scanned once — keys with the C ``scanstring``, each value skipped with the
C scanner, which returns where the value ends — and its member table is kept for the next lookup.
Only containers on the way to a reported node are ever scanned, so a clean document pays nothing
for positions, and a finding deep in one tool costs a scan of that tool, not of the file.

The scan follows JSON's grammar exactly as the eager parser does (same duplicate-key rule: the last
occurrence is the one a reader sees); the test suite compares the two on every corpus file.
"""

from __future__ import annotations

import json
import json.decoder
import json.scanner
import re
from collections.abc import Callable, Sequence
from typing import Any, cast

from portlint.source.located import Member, Node, NodeKind, Span

_WS = re.compile(r"[ \t\n\r]*")
_scanstring: Callable[[str, int, bool], tuple[str, int]] = getattr(json.decoder, "scanstring")  # noqa: B009 (untyped in typeshed)
_scan_value: Callable[[str, int], tuple[Any, int]] = cast(
    Callable[[str, int], tuple[Any, int]], json.scanner.make_scanner(cast(Any, json.JSONDecoder())))


def _skip_ws(text: str, offset: int) -> int:
    match = _WS.match(text, offset)
    return match.end() if match else offset


def _kind_at(text: str, offset: int) -> NodeKind:
    c = text[offset] if offset < len(text) else ""
    if c == "{":
        return "object"
    if c == "[":
        return "array"
    return "scalar"


class LazyJsonNode(Node):
    """A node of a syntactically valid JSON text, scanned on first access to its children."""

    __slots__ = ("_items", "_kind", "_lookup", "_members", "_span", "_text")

    def __init__(self, text: str, span: Span) -> None:
        self._text = text
        self._span = span
        self._kind = _kind_at(text, span[0])
        self._members: list[Member] | None = None
        self._items: list[Node] | None = None
        self._lookup: dict[str, Member] | None = None

    @classmethod
    def root(cls, text: str) -> LazyJsonNode:
        start = _skip_ws(text, 0)
        end = len(text.rstrip(" \t\n\r"))
        return cls(text, (start, max(start, end)))

    @property
    def span(self) -> Span:
        return self._span

    @property
    def kind(self) -> NodeKind:
        return self._kind

    @property
    def flow(self) -> bool:
        return True

    def members(self) -> Sequence[Member]:
        if self._kind != "object":
            return ()
        if self._members is None:
            self._members = self._scan_members()
        return self._members

    def member(self, key: str) -> Member | None:
        if self._kind != "object":
            return None
        if self._lookup is None:
            self._lookup = {m.key: m for m in self.members()}
        return self._lookup.get(key)

    def items(self) -> Sequence[Node]:
        if self._kind != "array":
            return ()
        if self._items is None:
            self._items = self._scan_items()
        return self._items

    def _scan_members(self) -> list[Member]:
        text = self._text
        members: list[Member] = []
        i = _skip_ws(text, self._span[0] + 1)
        if text[i] == "}":
            return members
        while True:
            key, key_end = _scanstring(text, i + 1, True)
            key_span = (i, key_end)
            i = _skip_ws(text, key_end) + 1  # past the colon
            i = _skip_ws(text, i)
            _, end = _scan_value(text, i)
            members.append(Member(key, key_span, LazyJsonNode(text, (i, end))))
            i = _skip_ws(text, end)
            if text[i] != ",":
                return members
            i = _skip_ws(text, i + 1)

    def _scan_items(self) -> list[Node]:
        text = self._text
        items: list[Node] = []
        i = _skip_ws(text, self._span[0] + 1)
        if text[i] == "]":
            return items
        while True:
            _, end = _scan_value(text, i)
            items.append(LazyJsonNode(text, (i, end)))
            i = _skip_ws(text, end)
            if text[i] != ",":
                return items
            i = _skip_ws(text, i + 1)
