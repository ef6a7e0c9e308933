"""Located JSON nodes that scan their text only as far as they are asked to.

The fast path decodes a document's values with ``json.loads`` (a C parser that keeps no
positions). When a finding needs a place, the path to it is followed through the text, and each
container on the way is scanned only as far as the wanted key or index: keys are read with the C
``scanstring``, and a value passed over is skipped with the C scanner, which says where it ends.
A value's own end is computed only when its span is asked for, so descending into the last member
of a large object never pays for decoding it. What a scan has found is kept for the next lookup.

Duplicate keys: the reader knows whether the text has any (its ``json.loads`` pass noticed).
Without duplicates a lookup stops at the first match; with them, the whole object is read and the
last occurrence wins — the same rule as the eager parser, which the tests compare on every corpus
file.
"""

from __future__ import annotations

import json
import json.decoder
import json.scanner
import re
from collections.abc import Callable, Sequence

from portlint.source.located import Member, Node, Span

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from portlint.source.located import NodeKind

_WS = re.compile(r"[ \t\n\r]*")
# an object's first member, and each later one, up to its value: a key without escapes
_FIRST_KEY = re.compile(r'[ \t\n\r]*("([^"\\\x00-\x1f]*)")[ \t\n\r]*:[ \t\n\r]*')
_NEXT_KEY = re.compile(r'[ \t\n\r]*,[ \t\n\r]*("([^"\\\x00-\x1f]*)")[ \t\n\r]*:[ \t\n\r]*')
_scanstring: Callable[[str, int, bool], tuple[str, int]] = getattr(json.decoder, "scanstring")  # noqa: B009 (untyped in typeshed)


def _scanner(decoder: Any) -> Callable[[str, int], tuple[Any, int]]:
    """The C scanner of ``decoder``: its value at an offset, and where that value ends.
    (``decoder`` is untyped: typeshed has the scanner take a scanner.)"""
    scan: Callable[[str, int], tuple[Any, int]] = json.scanner.make_scanner(decoder)
    return scan


_scan_value = _scanner(json.JSONDecoder())


def _skip_ws(text: str, offset: int) -> int:
    match = _WS.match(text, offset)
    return match.end() if match else offset


_KINDS: dict[str, NodeKind] = {"{": "object", "[": "array"}
_make = tuple.__new__  # a Member without the named tuple's Python-level __new__
# between two items of an array
_COMMA = re.compile(r"[ \t\n\r]*,[ \t\n\r]*")


class LazyJsonNode(Node):
    """A node of a syntactically valid JSON text, scanned piecemeal on demand."""

    __slots__ = ("_children", "_end", "_kind", "_lookup", "_resume", "_start", "_text",
                 "_unique")
    _text: str
    _start: int
    _end: int | None  # computed when the span is first asked for
    _kind: NodeKind
    _unique: bool  # whether the text repeats no key (a lookup may stop at the first match)
    # created on the first scan: most nodes are passed over and never get children
    _children: list[Any] | None  # Member for objects, nodes for arrays
    _lookup: dict[str, Member] | None
    # where a scan goes on: a position inside the container before its first child, the last
    # child read (the scan goes on past its end), or None once every child is read
    _resume: int | LazyJsonNode | None

    @classmethod
    def at(cls, text: str, start: int, end: int | None = None,
           unique_keys: bool = True) -> LazyJsonNode:
        """The node of the value starting at ``start`` (ending at ``end``, when known). Made
        without a Python-level ``__init__`` call: a scan passes thousands of children."""
        node = _new_node(cls)
        node._text = text
        node._start = start
        node._end = end
        kind = _KINDS.get(text[start:start + 1], "scalar")
        node._kind = kind
        node._unique = unique_keys
        node._children = None
        node._lookup = None
        node._resume = None if kind == "scalar" else start + 1
        return node

    @classmethod
    def root(cls, text: str, unique_keys: bool = True) -> LazyJsonNode:
        start = _skip_ws(text, 0)
        end = len(text)
        while end > start and text[end - 1] in " \t\n\r":
            end -= 1
        return cls.at(text, start, end, unique_keys)

    @classmethod
    def scanned(cls, text: str, start: int, end: int,
                children: list[Member] | list[LazyJsonNode]) -> LazyJsonNode:
        """A container whose children were read already (their ends known)."""
        node = cls.at(text, start, end)
        if children:
            kept: list[Any] = list(children)
            node._children = kept
            if node._kind == "object":
                node._lookup = {m.key: m for m in kept}
        node._resume = None
        return node

    def forget(self, path: Sequence[str | int]) -> None:
        """Drop what scans found below the node at ``path`` (its own place is kept); nothing is
        scanned to get there — a path not scanned yet has nothing to drop."""
        node: LazyJsonNode = self
        for segment in path:
            if node._kind == "object":
                member = node._lookup.get(segment) if (
                    node._lookup is not None and isinstance(segment, str)) else None
                if member is None or not isinstance(member.node, LazyJsonNode):
                    return
                node = member.node
            else:
                children = node._children
                if not isinstance(segment, int) or children is None or segment >= len(children):
                    return
                node = children[segment]
        if node._kind != "scalar":
            node._children = None
            node._lookup = None
            node._resume = node._start + 1

    @property
    def span(self) -> Span:
        if self._end is None:
            self._end = _scan_value(self._text, self._start)[1]
        return self._start, self._end

    @property
    def kind(self) -> NodeKind:
        return self._kind

    @property
    def flow(self) -> bool:
        return True

    # -- scanning ----------------------------------------------------------------------------
    # One loop per container kind, reading child after child until the wanted one: a lookup in
    # a large document passes over thousands of members, so the loops keep to local variables
    # (the member loop makes its nodes inline, without a call: that took a tenth off locating
    # the big benchmark's findings). A string's end is found as it is passed (cheap); a
    # container's only when the scan must step over it.

    def _read_members(self, want: str | None) -> Member | None:
        """Read members until one named ``want`` (returned; with repeated keys the scan goes on
        to the last one) or the end of the object."""
        resume = self._resume
        children = self._children
        lookup = self._lookup
        if resume is None:
            return lookup.get(want) if lookup is not None and want is not None else None
        if children is None or lookup is None:
            children = self._children = []
            lookup = self._lookup = {}
        text = self._text
        unique = self._unique
        if isinstance(resume, int):
            position = resume
            head_pattern = _FIRST_KEY
        else:
            position = resume._end if resume._end is not None else resume.span[1]
            head_pattern = _NEXT_KEY
        while True:
            # the common key (no escapes) and its colon in one match; anything else — the end
            # of the object, an escaped key — takes the general path
            head = head_pattern.match(text, position)
            if head is not None:
                key_span = head.span(1)
                key = head.group(2)
                value_start = head.end()
            else:
                i = _skip_ws(text, position)
                if head_pattern is _NEXT_KEY:
                    if text[i] != ",":
                        break
                    i = _skip_ws(text, i + 1)
                elif text[i] != '"':
                    break
                key, after_key = _scanstring(text, i + 1, True)
                key_span = (i, after_key)
                value_start = _skip_ws(text, _skip_ws(text, after_key) + 1)  # past the colon
            # the node LazyJsonNode.at would make: a scalar's end is found now (cheap), a
            # container's only when it must be stepped over
            first = text[value_start]
            node = _new_node(LazyJsonNode)
            node._text = text
            node._start = value_start
            node._unique = unique
            node._children = None
            node._lookup = None
            if first == '"':
                end: int | None = _scanstring(text, value_start + 1, True)[1]
                node._kind = "scalar"
                node._resume = None
            elif first in "{[":  # one character: never the empty string
                end = None
                node._kind = "object" if first == "{" else "array"
                node._resume = value_start + 1
            else:
                end = _scan_value(text, value_start)[1]
                node._kind = "scalar"
                node._resume = None
            node._end = end
            member = _make(Member, (key, key_span, node))
            children.append(member)
            lookup[key] = member  # the last occurrence wins
            if key == want and unique:
                self._resume = node
                return member
            if end is None:
                end = node._end = _scan_value(text, value_start)[1]
            position = end
            head_pattern = _NEXT_KEY
        self._resume = None
        return lookup.get(want) if want is not None else None

    def _read_items(self, count: int | None) -> None:
        """Read items until there are ``count`` of them (None: all) or the array ends."""
        resume = self._resume
        if resume is None:
            return
        children = self._children
        if children is None:
            children = self._children = []
        text = self._text
        unique = self._unique
        child = LazyJsonNode.at
        if isinstance(resume, int):
            i = _skip_ws(text, resume)
            more = text[i] != "]"
        else:
            comma = _COMMA.match(text, resume._end if resume._end is not None
                                 else resume.span[1])
            more = comma is not None
            i = comma.end() if comma is not None else 0
        while more:
            end = _scanstring(text, i + 1, True)[1] if text[i] == '"' else None
            node = child(text, i, end, unique)
            children.append(node)
            if count is not None and len(children) >= count:
                self._resume = node
                return
            comma = _COMMA.match(text, end if end is not None else node.span[1])
            if comma is None:
                break
            i = comma.end()
        self._resume = None

    # -- the Node interface ----------------------------------------------------------------

    def members(self) -> Sequence[Member]:
        if self._kind != "object":
            return ()
        if self._resume is not None:
            self._read_members(None)
        return self._children or []

    def member(self, key: str) -> Member | None:
        if self._kind != "object":
            return None
        if self._unique and self._lookup is not None:
            found = self._lookup.get(key)
            if found is not None:
                return found
        elif not self._unique:
            self._read_members(None)  # the whole object: the last occurrence wins
        return self._read_members(key)

    def items(self) -> Sequence[Node]:
        if self._kind != "array":
            return ()
        if self._resume is not None:
            self._read_items(None)
        return self._children or []

    def item(self, index: int) -> Node | None:
        if self._kind != "array" or index < 0:
            return None
        children = self._children
        if children is None or len(children) <= index:
            self._read_items(index + 1)
            children = self._children
        return children[index] if children is not None and index < len(children) else None


# a node without a Python-level __init__ call (the class's own __new__: object.__new__ would be
# refused for a class compiled with its own allocator)
_new_node = LazyJsonNode.__new__


class _TooWide(Exception):
    """The top of the document has more entries than are worth reading one by one."""


class _Malformed(Exception):
    """Not JSON where the top levels were read by hand (the complete parser says why)."""


def load_top_levels(text: str, levels: int = 3, budget: int = 20_000
                    ) -> tuple[Any, LazyJsonNode, bool] | None:
    """``(value, located root, whether some object repeated a key)`` for a JSON text, or None
    when it is not JSON (a syntax error, NaN/Infinity, nesting too deep for the C parser) or its
    top levels are too wide to read this way.

    The value is what ``json.loads`` returns. The containers of the first ``levels`` levels, down
    to the first array — a tool list's root, ``result``, ``tools`` — are read here entry by
    entry, each value below them decoded by the C parser, which says where it ends; so the root
    comes back with those levels already scanned, and locating something inside the 400th tool
    does not decode the 399 before it. At most ``budget`` entries are read by hand.
    ``levels=0`` decodes the whole value at once (``json.loads``, noticing repeated keys)."""
    try:
        return _load(text, levels, budget)
    except _TooWide:
        return None


def load_json(text: str) -> tuple[Any, LazyJsonNode, bool] | None:
    """:func:`load_top_levels`, decoding the whole value at once when the top levels are too
    wide to read by hand — and reading a text that is not JSON only once."""
    try:
        return _load(text, 3, 20_000)
    except _TooWide:  # many entries at the top: one C decode of everything is cheaper
        return _load(text, 0, 0)


def _load(text: str, levels: int, budget: int) -> tuple[Any, LazyJsonNode, bool] | None:
    """:func:`load_top_levels`, raising :class:`_TooWide` past the budget."""
    repeated = [False]  # the pairs hook's only state: nothing here refers back to the text

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        obj = dict(items)
        if len(obj) != len(items):
            repeated[0] = True
        return obj

    decode = _scanner(json.JSONDecoder(object_pairs_hook=pairs, parse_constant=_refuse_constant))
    reader = _TopLevels(text, decode, levels, budget)
    try:
        value, root = reader.read(_skip_ws(text, 0), 0, False)
    except (_Malformed, StopIteration, ValueError, IndexError, RecursionError):
        # StopIteration: no value where one must start; ValueError: the C parser's errors
        # (JSONDecodeError) and the refusal of NaN/Infinity
        return None
    if _skip_ws(text, root.span[1]) != len(text):
        return None  # text after the value
    return value, root, repeated[0] or reader.repeated


class _TopLevels:
    """:func:`load_top_levels`'s reader: a plain object, so no reference cycle keeps a large
    text alive after the read (a closure calling itself would be one)."""

    __slots__ = ("decode", "levels", "remaining", "repeated", "text")

    def __init__(self, text: str, decode: Callable[[str, int], tuple[Any, int]], levels: int,
                 budget: int) -> None:
        self.text = text
        self.decode = decode
        self.levels = levels
        self.remaining = budget
        self.repeated = False

    def read(self, start: int, level: int, in_array: bool) -> tuple[Any, LazyJsonNode]:
        text = self.text
        opener = text[start]
        if level >= self.levels or in_array or opener not in "{[":
            value, end = self.decode(text, start)
            return value, LazyJsonNode.at(text, start, end)
        if opener == "[":
            return self._read_array(start)
        i = _skip_ws(text, start + 1)
        members: list[Member] = []
        obj: dict[str, Any] = {}
        if text[i] != "}":
            while True:
                self.remaining -= 1
                if self.remaining < 0:
                    raise _TooWide
                if text[i] != '"':
                    raise _Malformed
                key, key_end = _scanstring(text, i + 1, True)
                colon = _skip_ws(text, key_end)
                if text[colon] != ":":
                    raise _Malformed
                value, node = self.read(_skip_ws(text, colon + 1), level + 1, False)
                members.append(Member(key, (i, key_end), node))
                obj[key] = value
                after = _skip_ws(text, node.span[1])
                if text[after] == ",":
                    i = _skip_ws(text, after + 1)
                    continue
                if text[after] != "}":
                    raise _Malformed
                i = after
                break
        if len(obj) != len(members):
            self.repeated = True
        return obj, LazyJsonNode.scanned(text, start, i + 1, members)

    def _read_array(self, start: int) -> tuple[list[Any], LazyJsonNode]:
        """An array's items, each decoded whole — a tool list is long, so the loop is tight."""
        text = self.text
        decode = self.decode
        child = LazyJsonNode.at
        items: list[LazyJsonNode] = []
        array: list[Any] = []
        i = _skip_ws(text, start + 1)
        if text[i] != "]":
            remaining = self.remaining
            while True:
                remaining -= 1
                if remaining < 0:
                    raise _TooWide
                value, end = decode(text, i)
                items.append(child(text, i, end, True))
                array.append(value)
                comma = _COMMA.match(text, end)
                if comma is None:
                    break
                i = comma.end()
            self.remaining = remaining
            i = _skip_ws(text, end)
            if text[i] != "]":
                raise _Malformed
        return array, LazyJsonNode.scanned(text, start, i + 1, items)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")
