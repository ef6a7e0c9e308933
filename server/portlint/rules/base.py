"""What a rule is, and what it is given to look at."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import Enum, StrEnum

from portlint.fixes.ops import FixPlan
from portlint.model import Applicability, Severity
from portlint.paths import display_path, json_pointer, path_pattern
from portlint.records import NamedTuple
from portlint.settings import Settings
from portlint.shapes import SchemaRoot
from portlint.source.located import Path
from portlint.source.problems import SourceProblem
from portlint.walk import Position

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Literal

    RuleKind = Literal["schema", "source"]


class FixAvailability(StrEnum):
    """Which fixes a rule's reports offer: the applicabilities of their fix plans, advice
    (``display-only``) included where the rule gives advice in the cases it cannot fix.
    ``tests/test_rule_declarations.py`` checks each rule's declaration against every plan it
    makes."""

    NONE = "none"
    SAFE = "safe"
    UNSAFE = "unsafe"
    SAFE_AND_UNSAFE = "safe, unsafe"
    DISPLAY_ONLY = "display-only"
    SAFE_OR_ADVICE = "safe, display-only"
    SAFE_UNSAFE_OR_ADVICE = "safe, unsafe, display-only"

    @property
    def applicabilities(self) -> frozenset[Applicability]:
        return _OFFERED[self]


_OFFERED = {
    FixAvailability.NONE: frozenset(),
    FixAvailability.SAFE: frozenset((Applicability.SAFE,)),
    FixAvailability.UNSAFE: frozenset((Applicability.UNSAFE,)),
    FixAvailability.SAFE_AND_UNSAFE: frozenset((Applicability.SAFE, Applicability.UNSAFE)),
    FixAvailability.DISPLAY_ONLY: frozenset((Applicability.DISPLAY_ONLY,)),
    FixAvailability.SAFE_OR_ADVICE: frozenset((Applicability.SAFE, Applicability.DISPLAY_ONLY)),
    FixAvailability.SAFE_UNSAFE_OR_ADVICE: frozenset(Applicability),
}


class RangeOn(Enum):
    """Which text a finding's range covers."""

    VALUE = "value"  # the value at the path
    KEY = "key"  # the key naming the path (the value when it has no key, e.g. an array item)


class Report(NamedTuple):
    """A rule's verdict on one node, before it is placed in the text."""

    path: Path  # the node the finding is about, from the document root
    message: str
    suggestion: str
    fixes: tuple[FixPlan, ...] = ()
    range_path: Path | None = None  # where the range goes, when not at ``path``
    range_on: RangeOn = RangeOn.VALUE
    variant: str | None = None  # which case of the rule this is, for client profiles


class Fact(Enum):
    """Facts about a schema root that a rule can be triggered by, besides the keywords it
    carries. Most roots hold none of them, so the rules that only speak about them are not
    called at all for most roots."""

    TYPE_ARRAY = "a `type` array"
    BOOLEAN_SCHEMA = "a boolean subschema"
    DECLARES_ARRAY = "a schema declaring type array"

    # members are singletons compared by identity: hashed by identity too, in C (Enum's own
    # __hash__ is a Python call, and the facts of every root are hashed)
    __hash__ = object.__hash__


FACTS = frozenset(Fact)
_TYPE_ARRAY, _DECLARES_ARRAY, _BOOLEAN_SCHEMA = (
    Fact.TYPE_ARRAY, Fact.DECLARES_ARRAY, Fact.BOOLEAN_SCHEMA)
# (a `type` array, a schema declaring array, a boolean subschema) → the facts held, made once
_HELD = {(type_array, declares_array, boolean): frozenset(
    fact for fact, held in ((Fact.TYPE_ARRAY, type_array), (Fact.DECLARES_ARRAY, declares_array),
                            (Fact.BOOLEAN_SCHEMA, boolean)) if held)
    for type_array in (False, True) for declares_array in (False, True)
    for boolean in (False, True)}
_NO_TYPES: tuple[dict[str, list[Position]], list[Position]] = ({}, [])


class Triggers(NamedTuple):
    """What a schema root must carry somewhere for a rule to have anything to say about it:
    one of the keywords, or one of the facts."""

    keywords: frozenset[str] = frozenset()
    facts: frozenset[Fact] = frozenset()


class RootContext:
    """One schema root, every subschema position under it, and the settings of the run."""

    __slots__ = ("_by_type", "_declares_id", "booleans", "keywords", "positions", "root",
                 "settings")

    def __init__(self, root: SchemaRoot, positions: list[Position],
                 keywords: dict[str, list[Position]], settings: Settings,
                 booleans: list[Position]) -> None:
        self.root = root
        self.positions = positions
        self.settings = settings
        self.booleans = booleans  # the positions whose value is `true` or `false`
        self._declares_id: bool | None = None
        # every keyword an object position carries → those positions, in walk order (the walk
        # builds it: rules look keywords up instead of scanning every node)
        self.keywords = keywords
        self._by_type: tuple[dict[str, list[Position]], list[Position]] | None = None

    def having(self, keyword: str) -> list[Position]:
        """The object positions that carry ``keyword``, in walk order."""
        return self.keywords.get(keyword, [])

    def declaring(self, type_name: str) -> list[Position]:
        """The object positions whose ``type`` is ``type_name`` or an array naming it, in walk
        order (grouped once per root: the facts and several rules ask about one type each)."""
        return self._types()[0].get(type_name, [])

    def facts(self, wanted: frozenset[Fact]) -> frozenset[Fact]:
        """Which of the ``wanted`` facts hold for this root. (The facts are module constants
        here: an enum member read through its class is a slow lookup, and every root is
        asked.)"""
        named, arrays = self._types() if (
            _TYPE_ARRAY in wanted or _DECLARES_ARRAY in wanted) else _NO_TYPES
        return _HELD[bool(arrays) and _TYPE_ARRAY in wanted,
                     "array" in named and _DECLARES_ARRAY in wanted,
                     bool(self.booleans) and _BOOLEAN_SCHEMA in wanted]

    @property
    def type_arrays(self) -> list[Position]:
        """The object positions whose ``type`` is an array, in walk order."""
        return self._types()[1]

    def _types(self) -> tuple[dict[str, list[Position]], list[Position]]:
        if self._by_type is None:
            named: dict[str, list[Position]] = {}
            arrays: list[Position] = []
            for position in self.keywords.get("type", ()):
                declared = position.value["type"]
                if type(declared) is str:
                    # a plain dict: its lookups are specialised by the interpreter
                    holders = named.get(declared)
                    if holders is None:
                        named[declared] = [position]
                    else:
                        holders.append(position)
                elif type(declared) is list:
                    arrays.append(position)
                    for name in dict.fromkeys(n for n in declared if type(n) is str):
                        named.setdefault(name, []).append(position)
            self._by_type = (named, arrays)
        return self._by_type

    @property
    def objects(self) -> list[Position]:
        """The positions whose value is an object schema."""
        return [p for p in self.positions if type(p.value) is dict]

    def display(self, path: Path) -> str:
        """A path as findings show it: relative to the tool, in Inspector notation."""
        return display_path(path[self.root.relative_start:])

    def allowed_untyped(self, path: Path) -> bool:
        """Whether ``allow-untyped`` lets this schema stay free-form. Entries are paths as
        findings print them — the display path (``inputSchema.properties.metadata``,
        ``inputSchema.properties["a.b"]``), optionally ``tool:path``, or the JSON pointer
        (``/tools/0/inputSchema/properties/metadata``); ``*`` matches any run of characters
        (:class:`~portlint.paths.PathPattern`)."""
        patterns = self.settings.allow_untyped
        if not patterns:
            return False
        shown = self.display(path)
        tool = self.root.tool.name if self.root.tool is not None else None
        qualified = f"{tool}:{shown}" if tool else shown
        pointer: str | None = None
        for text in patterns:
            pattern = path_pattern(text)
            if text.startswith("/"):
                if pointer is None:
                    pointer = json_pointer(path)
                if pattern.matches(pointer):
                    return True
            elif pattern.matches(shown) or pattern.matches(qualified):
                return True
        return False

    @property
    def declares_id(self) -> bool:
        """Whether any walked position declares a non-empty ``$id`` (data never counts)."""
        if self._declares_id is None:
            self._declares_id = any(
                type(p.value) is dict and isinstance(p.value.get("$id"), str)
                and bool(p.value["$id"]) for p in self.positions)
        return self._declares_id


Check = Callable[[RootContext], Iterable[Report]]
# a source rule's finding from what a reader found: its message and its suggestion
Describe = Callable[[SourceProblem], tuple[str, str]]


class Rule(NamedTuple):
    id: str
    severity: Severity
    fix: FixAvailability
    doc: str
    check: Check | None = None  # None for source rules, whose findings come from the readers
    kind: RuleKind = "schema"
    # the setting that switches on a rule that is off by default (None: on by default)
    opt_in: Callable[[Settings], bool] | None = None
    universal: bool = False  # reported whatever the targets (not a client-specific hazard)
    variants: tuple[str, ...] | None = None  # the cases its reports name, for client profiles
    # what a schema must carry for the rule to have anything to say about it: a schema that
    # has none of it anywhere is not given to the rule at all (None: every schema is)
    triggers: Triggers | None = None
    # the schema roles it speaks about (None: all); a root of another role is not given to it
    roles: frozenset[str] | None = None
    once_per_tool: bool = False  # about the tool itself: given only the first root of a tool
    describe: Describe | None = None  # a source rule's words for the problems readers find

    def active(self, settings: Settings) -> bool:
        if not settings.enabled(self.id):
            return False
        if self.opt_in is None:
            return True
        return self.opt_in(settings) or (
            settings.select is not None and self.id in settings.select)

    @property
    def summary(self) -> str:
        """The first line of the rule's documentation."""
        return self.doc.strip().splitlines()[0].strip() if self.doc.strip() else self.id

