"""What every reader returns — a parsed source: its documents (values with located trees) and
its syntax problems — and what it is given besides the text (see :mod:`portlint.readers`)."""

from __future__ import annotations

import bisect
from collections.abc import Callable

from portlint.limits import Limits
from portlint.records import NamedTuple
from portlint.source.json_lazy import LazyJsonNode
from portlint.source.located import Located, Node, Path, Span, locate
from portlint.source.problems import SourceProblem

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

Format = str
"""The name a reader is registered under (``json``, ``yaml``, ``python``, ...)."""


class ReadRequest:
    """What a reader is given besides the text."""

    __slots__ = ("filename", "limits")

    def __init__(self, filename: str | None = None, limits: Limits | None = None) -> None:
        self.filename = filename  # the file's name or path, when it has one
        self.limits = limits or Limits()


_DEEP = 16  # a path longer than this is worth remembering as a starting point


class SharedNode(NamedTuple):
    """Text the document's value holds in more than one place: a YAML anchored node, read where
    it is written and again at each alias of it. What lies inside ``span`` is read ``uses``
    times (inside two nested shared nodes: the product of both)."""

    span: Span
    uses: int  # the anchored place itself and each alias of it
    name: str  # the anchor's name


class ParsedDocument:
    """One document of a file (JSON files have one; YAML streams may have several)."""

    __slots__ = ("_last", "_located", "fallback_root", "hints", "index", "root", "shared",
                 "value")

    def __init__(self, value: Any, root: Node, index: int = 0,
                 fallback_root: Callable[[], Node] | None = None,
                 hints: dict[Path, Node] | None = None, *,
                 shared: tuple[SharedNode, ...] = ()) -> None:
        self.value = value
        self.root = root
        self.index = index
        self.fallback_root = fallback_root
        self.hints = hints  # nodes already known to sit at these paths
        self.shared = shared  # text read in several places (YAML anchors with aliases)
        # paths located so far: a finding's range and its fix usually ask for the same place
        self._located: dict[Path, Located | None] = {}
        # the last deep place located: the next one is often below it (findings nested in one
        # another), and is then followed from there, not from the root
        self._last: tuple[Path, list[tuple[Node, Span | None]]] | None = None

    def forget_scans(self) -> None:
        """Let the positions found so far go (a lazily scanned JSON tree is scanned again when
        asked). The editor keeps a document's result while it is open; its placement scans
        are not worth the memory."""
        if isinstance(self.root, LazyJsonNode):
            self.root.forget(())
            self.hints = None
        self._located = {}
        self._last = None

    def forget_scans_under(self, path: Path) -> None:
        """Let the positions found below ``path`` go — a tool's, once its findings are placed —
        so a large document's placement scans do not pile up while it is linted."""
        if not self._located:
            return  # nothing was located since the last time: nothing was scanned
        self._located = {}
        self._last = None
        if isinstance(self.root, LazyJsonNode):
            self.root.forget(path)

    def locate(self, path: Path) -> Located | None:
        located = self._located
        try:
            if path in located:
                return located[path]
        except TypeError:  # a path that cannot be a key (a list inside): not remembered
            return self._locate(path)
        found = located[path] = self._locate(path)
        return found

    def _locate(self, path: Path) -> Located | None:
        if self.hints:
            for prefix, node in self.hints.items():
                if path[:len(prefix)] == prefix and len(path) > len(prefix):
                    return locate(node, path[len(prefix):])
        try:
            return self._follow(path)
        except RecursionError:
            # a lazily scanned value too deep for the C scanner: switch to the eager tree
            if self.fallback_root is None:
                raise
            self.root = self.fallback_root()
            self.fallback_root = None
            self._last = None
            return self._follow(path)

    def _follow(self, path: Path) -> Located | None:
        if len(path) <= _DEEP:
            return locate(self.root, path)
        # a deep place: start from where it leaves the last deep place located (findings
        # nested in one another share most of their paths), stepping only through the rest
        last = self._last
        shared = _shared_prefix(last[0], path) if last is not None else 0
        chain: list[tuple[Node, Span | None]] = (
            last[1][:shared + 1] if last is not None and shared else [(self.root, None)])
        node, key_span = chain[-1]
        for segment in path[len(chain) - 1:]:
            if isinstance(segment, int):
                item = node.item(segment)
                if item is None:
                    return None
                node, key_span = item, None
            else:
                member = node.member(segment)
                if member is None:
                    return None
                node, key_span = member.node, member.key_span
            chain.append((node, key_span))
        self._last = (path, chain)
        return Located(node, key_span)


def _shared_prefix(a: Path, b: Path) -> int:
    """How many leading segments two paths share (compared a slice at a time, in C)."""
    high = min(len(a), len(b))
    if a[:high] == b[:high]:
        return high
    low = 0
    while low < high:
        middle = (low + high + 1) // 2
        if a[:middle] == b[:middle]:
            low = middle
        else:
            high = middle - 1
    return low


class ParsedSource:
    __slots__ = ("documents", "format", "problems", "text", "unlisted")

    def __init__(self, text: str, format: Format, documents: list[ParsedDocument] | None = None,
                 problems: list[SourceProblem] | None = None) -> None:
        self.text = text
        self.format = format
        self.documents: list[ParsedDocument] = documents if documents is not None else []
        self.problems: list[SourceProblem] = problems if problems is not None else []
        # tools a server module registers and its server does not list (fastmcp 2.x's
        # `enabled=False`, tag filters), each named with why: read, and not anyone's tools
        self.unlisted: list[str] = []


class TextSpans:
    """The spans of the scalars and keys of a source's located trees, in order: the text where a
    comment mark is not a comment (a string, a key, a block scalar)."""

    __slots__ = ("_spans", "_starts")

    def __init__(self, spans: list[Span]) -> None:
        spans.sort()
        self._spans = spans
        self._starts = [start for start, _ in spans]

    def covers(self, offset: int) -> bool:
        """Whether ``offset`` lies inside one of them."""
        i = bisect.bisect_right(self._starts, offset) - 1
        return i >= 0 and self._spans[i][0] <= offset < self._spans[i][1]


def text_spans(source: ParsedSource, start: int = 0, end: int | None = None) -> TextSpans:
    """The source's :class:`TextSpans`; with ``start`` and ``end``, only those that reach into
    that part of the text (the rest of the tree is not walked)."""
    stop = len(source.text) if end is None else end
    spans: list[Span] = []
    for document in source.documents:
        stack: list[Node] = [document.root]
        seen: set[int] = set()
        while stack:
            node = stack.pop()
            if id(node) in seen:  # a YAML alias: one node, reached twice
                continue
            seen.add(id(node))
            if node.kind == "scalar":
                spans.append(node.span)
            elif node.kind == "object":
                for member in node.members():
                    if member.key_span is not None and _reaches(member.key_span, start, stop):
                        spans.append(member.key_span)
                    if _reaches(member.node.span, start, stop):
                        stack.append(member.node)
            else:
                stack.extend(item for item in node.items() if _reaches(item.span, start, stop))
    return TextSpans(spans)


def _reaches(span: Span, start: int, end: int) -> bool:
    return span[0] <= end and start <= span[1]
