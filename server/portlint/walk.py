"""The one traversal of subschema positions.

Every rule, and every pre-scan a rule needs (such as "does this schema declare an ``$id``
anywhere?"), reads the positions this module yields — so they can never disagree about what is a
schema and what is data. Walked:

* as maps of subschemas: ``properties``, ``patternProperties``, ``dependentSchemas``,
  ``dependencies`` (its schema form; a list of property names is not a schema), ``$defs``,
  ``definitions``;
* as arrays of subschemas: ``allOf``, ``anyOf``, ``oneOf``, ``prefixItems``, and ``items`` when it
  is an array (the draft-07 tuple form);
* as single subschemas: ``items``, ``contains``, ``not``, ``propertyNames``, ``if``, ``then``,
  ``else``, ``additionalProperties``, ``unevaluatedProperties``, ``additionalItems``,
  ``unevaluatedItems``, ``contentSchema``.

Never walked: instance data (``examples``, ``const``, ``default``, ``enum``), ``required``,
``dependentRequired``, and unknown or vendor keywords. A value in a schema position that is neither
an object nor a boolean is malformed and is skipped — that is a validator's business, not this
walk's. The traversal uses an explicit stack, never Python recursion, and each position links to
the one holding it instead of carrying its own path, so time and memory are linear in the size of
the schema at any depth: a 100,000-deep schema is walked completely.
"""

from __future__ import annotations

from portlint.records import NamedTuple
from portlint.source.located import Path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

MAP_KEYWORDS = frozenset(
    ("properties", "patternProperties", "dependentSchemas", "dependencies", "$defs", "definitions"))
ARRAY_KEYWORDS = frozenset(("allOf", "anyOf", "oneOf", "prefixItems"))
SINGLE_KEYWORDS = frozenset((
    "items", "contains", "not", "propertyNames", "if", "then", "else", "additionalProperties",
    "unevaluatedProperties", "additionalItems", "unevaluatedItems", "contentSchema"))
_WALKED = MAP_KEYWORDS | ARRAY_KEYWORDS | SINGLE_KEYWORDS


class Position(NamedTuple):
    """A subschema: its value (a dict or a bool), where it is, and how it was reached.

    A named tuple: the walk makes one per subschema, on every keystroke in the editor. Its place
    is kept as a link to the position holding it and the step from there, not as a path from
    the root: a path per position would make the walk quadratic in the nesting depth (a
    100,000-deep schema would need 10^10 path entries). :attr:`path` spells it out on demand,
    at a cost proportional to the depth — rules ask for it only for what they report."""

    value: Any
    up: Position | None  # the position holding this one (None at the schema root)
    keyword: str | None  # the keyword holding it (None at the schema root)
    parent: dict[str, Any] | None  # the schema object that holds ``keyword``
    step: str | int | None  # the property name or item index under ``keyword`` (None: none)
    base: Path  # the root's path from the document root (``()`` below the root)
    known: dict[int, Path]  # the paths spelled out so far, by position (one table per walk)

    @property
    def is_root(self) -> bool:
        return self.keyword is None

    @property
    def path(self) -> Path:
        """The path from the document root. Spelled out once per position asked, from the
        nearest position above it whose path is known: reports nested in one another (a
        finding at every level of a deep schema) then cost a copy each, not a climb each."""
        up = self.up
        if up is None:
            return self.base
        known = self.known
        found = known.get(id(self))
        if found is not None:
            return found
        steps: list[str | int] = []
        position = self
        start: Path | None = None
        while up is not None:
            step = position.step
            if step is not None:
                steps.append(step)
            steps.append(position.keyword)  # type: ignore[arg-type]  # set below the root
            position = up
            start = known.get(id(position))
            if start is not None:
                break
            up = position.up
        steps.reverse()
        path = (*(start if start is not None else position.base), *steps)
        known[id(self)] = path
        return path

    def at(self, *steps: str | int) -> Path:
        """The path of something inside this schema: ``position.at("enum")``."""
        return (*self.path, *steps)


def walk(value: Any, path: Path = ()) -> list[Position]:
    """Every subschema position under ``value`` (itself included), in document order."""
    return walk_indexed(value, path)[0]


def walk_indexed(value: Any, path: Path = ()
                 ) -> tuple[list[Position], dict[str, list[Position]], list[Position]]:
    """:func:`walk`'s positions; every keyword an object position carries → those positions
    in document order; and the boolean positions (``true``/``false``), in document order —
    built in the same pass: rules look keywords up instead of scanning every node."""
    positions: list[Position] = []
    index: dict[str, list[Position]] = {}
    booleans: list[Position] = []
    if not isinstance(value, (dict, bool)):
        return positions, index, booleans
    # Depth-first with an explicit stack; children are pushed last-first so they pop in order.
    # Positions are made with tuple.__new__: the named tuple's own __new__ is a Python call,
    # and a full lint of bench's tools-large.json makes ~5,000 of them (measured: 1.3% of it).
    known: dict[int, Path] = {}
    make = tuple.__new__
    cls = Position
    stack: list[Position] = [make(cls, (value, None, None, None, None, path, known))]
    pop = stack.pop
    push = stack.append
    append = positions.append
    walked = _WALKED
    maps = MAP_KEYWORDS
    arrays = ARRAY_KEYWORDS
    while stack:
        position = pop()
        append(position)
        node = position.value
        if type(node) is not dict:
            booleans.append(position)  # the walk pushes dicts and booleans only
            continue
        for key in node:
            # a plain dict: its lookups are specialised by the interpreter, a defaultdict's not
            holders = index.get(key)
            if holders is None:
                index[key] = [position]
            else:
                holders.append(position)
        if walked.isdisjoint(node):
            continue
        for keyword, child in reversed(node.items()):
            if keyword not in walked:
                continue
            kind = type(child)
            if keyword in maps:
                if kind is dict:
                    for name, sub in reversed(child.items()):
                        if type(sub) is dict or type(sub) is bool:
                            push(make(cls, (sub, position, keyword, node, name, (), known)))
            elif kind is list:
                if keyword in arrays or keyword == "items":
                    for i in range(len(child) - 1, -1, -1):
                        sub = child[i]
                        if type(sub) is dict or type(sub) is bool:
                            push(make(cls, (sub, position, keyword, node, i, (), known)))
            elif kind is dict or kind is bool:
                push(make(cls, (child, position, keyword, node, None, (), known)))
    return positions, index, booleans
