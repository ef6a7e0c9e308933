"""The located tree: where every key and value of a parsed document sits in its text.

Values are plain JSON data (dict, list, str, int, float, bool, None) so rules read them at the
speed of Python dictionaries; positions live beside them in a tree of :class:`Node` objects,
addressed by path (a tuple of keys and indices from the document root). Two implementations share
the interface: :class:`EagerNode` trees built by the iterative JSON parser and the YAML composer,
and the lazy JSON nodes of :mod:`portlint.source.json_lazy`, which scan a container's text only
when something inside it is reported.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

from portlint.records import NamedTuple

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Literal

    NodeKind = Literal["object", "array", "scalar"]

Span = tuple[int, int]
"""A half-open range ``[start, end)`` of code-point offsets."""

Segment = str | int
Path = tuple[Segment, ...]

class Node(ABC):
    """A value's place in the text; containers also know their members or items."""

    __slots__ = ()

    @property
    @abstractmethod
    def span(self) -> Span:
        """The value's text range (for containers, brackets or block extent included)."""

    @property
    @abstractmethod
    def kind(self) -> NodeKind:
        """Whether the value is an object, an array or a scalar."""

    @property
    @abstractmethod
    def flow(self) -> bool:
        """True for JSON and YAML flow collections (``{...}``/``[...]``), False for YAML block."""

    @abstractmethod
    def members(self) -> Sequence[Member]:
        """The members written inside this object, in source order (duplicates included)."""

    @abstractmethod
    def member(self, key: str) -> Member | None:
        """The member a reader of the value sees for ``key`` (last duplicate; YAML merges);
        None when there is none, or this is not an object."""

    @abstractmethod
    def items(self) -> Sequence[Node]:
        """The items of this array, in order."""

    def item(self, index: int) -> Node | None:
        """One item of this array (a lazy node reads only as far as it); None when there is
        none, or this is not an array."""
        items = self.items()
        return items[index] if 0 <= index < len(items) else None


# defined after Node, which it names: a mypyc-compiled module crashes at import on a named
# tuple whose field names a class defined below it (mypy 2.4)
class Member(NamedTuple):
    """One ``key: value`` entry of an object as written in the text."""

    key: str
    key_span: Span
    node: Node


class EagerNode(Node):
    """A node whose children were recorded while parsing."""

    __slots__ = ("_flow", "_items", "_kind", "_lookup", "_members", "_span")

    def __init__(
        self,
        span: Span,
        kind: NodeKind,
        flow: bool = True,
        members: list[Member] | None = None,
        items: list[Node] | None = None,
    ) -> None:
        self._span = span
        self._kind = kind
        self._flow = flow
        self._members = members
        self._items = items
        self._lookup: dict[str, Member] | None = None

    @property
    def span(self) -> Span:
        return self._span

    @property
    def kind(self) -> NodeKind:
        return self._kind

    @property
    def flow(self) -> bool:
        return self._flow

    def members(self) -> Sequence[Member]:
        return self._members or ()

    def member(self, key: str) -> Member | None:
        if self._members is None:
            return None
        lookup = self._lookup
        if lookup is None:
            lookup = {m.key: m for m in self._members}
            self._lookup = lookup
        return lookup.get(key)

    def set_lookup(self, lookup: dict[str, Member]) -> None:
        """Install the effective key table (YAML merge keys add members written elsewhere)."""
        self._lookup = lookup

    def items(self) -> Sequence[Node]:
        return self._items or ()


class LiteralNode(EagerNode):
    """A node written as a literal in a language other than JSON/YAML (a Python dict literal
    holding a schema): its text can be edited like JSON's."""

    __slots__ = ()


class Located(NamedTuple):
    """Where a path leads: the key that names it (when it is an object member) and its value."""

    node: Node
    key_span: Span | None

    @property
    def span(self) -> Span:
        return self.node.span


def locate(root: Node, path: Path) -> Located | None:
    """Follow ``path`` from ``root``; None when the text has no such place (an index into
    what is not an array, a key of what is not an object: ``item`` and ``member`` say so)."""
    node = root
    key_span: Span | None = None
    for segment in path:
        if isinstance(segment, int):
            item = node.item(segment)
            if item is None:
                return None
            node = item
            key_span = None
        else:
            member = node.member(segment)
            if member is None:
                return None
            node = member.node
            key_span = member.key_span
    return Located(node, key_span)
