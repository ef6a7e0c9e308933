"""Where each part of a derived schema comes from in the Python source.

Schemas are built as plain dicts and lists; this table maps a container (by identity) to the
source span that produced it, and a member to the span of its key (a field's name, a dict
literal's key). A value with no entry takes its parent's place."""

from __future__ import annotations

from typing import Any

from portlint.source.located import EagerNode, LiteralNode, Member, Node, Span


class SpanTable:
    def __init__(self) -> None:
        self.nodes: dict[int, Span] = {}
        self.keys: dict[tuple[int, str], Span] = {}
        self.values: dict[tuple[int, str | int], Span] = {}  # scalars, by container and key
        self.literal: set[int] = set()  # containers written as literals (dict and list displays)
        # members written as the name of a constant: placed there, but their text is not the value
        self.named: set[tuple[int, str | int]] = set()
        self._keep: list[Any] = []  # keeps keyed objects alive, so their ids stay unique

    def keep(self, value: Any) -> None:
        """Keep ``value`` alive for as long as the table: something refers to it by identity."""
        self._keep.append(value)

    def mark(self, value: Any, span: Span | None) -> Any:
        if span is not None and isinstance(value, (dict, list)):
            self.nodes.setdefault(id(value), span)
            self._keep.append(value)
        return value

    def mark_key(self, container: dict[str, Any], key: str, span: Span | None) -> None:
        if span is not None:
            self.keys[(id(container), key)] = span
            self._keep.append(container)

    def mark_value(self, container: Any, key: str | int, span: Span | None) -> None:
        """Where a scalar member or item was written (a literal's `True`, `"x"`)."""
        if span is not None:
            self.values[(id(container), key)] = span
            self._keep.append(container)

    def mark_named(self, container: Any, key: str | int, span: Span | None) -> None:
        """A member written as a constant's name: found at the name, never edited there."""
        if span is not None:
            self.values[(id(container), key)] = span
            self.named.add((id(container), key))
            self._keep.append(container)

    def carry(self, old: dict[str, Any], new: dict[str, Any]) -> None:
        """Where ``old`` and its members were written, for ``new``, a copy of it made by a
        framework (its own place kept, when it has one already)."""
        self.mark(new, self.nodes.get(id(old)))
        for key in new:
            place = (id(old), key)
            if place in self.keys:
                self.mark_key(new, key, self.keys[place])
            if place in self.values:
                if place in self.named:
                    self.mark_named(new, key, self.values[place])
                else:
                    self.mark_value(new, key, self.values[place])

    def mark_literal(self, container: Any) -> None:
        self.literal.add(id(container))
        self._keep.append(container)

    def tree(self, value: Any, span: Span, literal: bool = False) -> Node:
        """A located tree for ``value``: each node at its recorded span, else its parent's.
        Nodes written as literals are :class:`LiteralNode`, so fixes may edit their text."""
        own = self.nodes.get(id(value), span) if isinstance(value, (dict, list)) else span
        if isinstance(value, (dict, list)):
            literal = id(value) in self.literal
        kind = LiteralNode if literal else EagerNode
        if isinstance(value, dict):
            members = []
            for k, v in value.items():
                written = self.values.get((id(value), str(k)))
                child = self.tree(v, written or own, literal and written is not None
                                  and (id(value), str(k)) not in self.named)
                members.append(Member(str(k), self.keys.get((id(value), str(k)), own), child))
            return kind(own, "object", members=members)
        if isinstance(value, list):
            items = []
            for i, v in enumerate(value):
                written = self.values.get((id(value), i))
                items.append(self.tree(v, written or own, literal and written is not None
                                       and (id(value), i) not in self.named))
            return kind(own, "array", items=items)
        return kind(own, "scalar")
