"""Small facts about schema nodes that several rules need."""

from __future__ import annotations

import json
import re
from functools import lru_cache

from portlint.fixes.ops import FixPlan, InsertMember
from portlint.model import Applicability
from portlint.rules.base import RangeOn, Report, RootContext
from portlint.source.located import Path
from portlint.walk import Position

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

TYPE_NAMES = frozenset(("null", "boolean", "object", "array", "number", "string", "integer"))


def is_type(value: Any, name: str) -> bool:
    """Whether a schema's ``type`` is exactly ``name`` (the string form)."""
    return isinstance(value, dict) and value.get("type") == name


def well_formed_type(value: Any) -> bool:
    """Whether a ``type`` value is legal JSON Schema: a type name, or a non-empty array of
    distinct ones. Rules stay quiet on a malformed one; ``invalid-schema`` reports it."""
    if isinstance(value, str):
        return value in TYPE_NAMES
    return (isinstance(value, list) and bool(value) and all(
        isinstance(t, str) and t in TYPE_NAMES for t in value) and len(set(value)) == len(value))


def declared_types(node: Any) -> set[str]:
    """The type names a node declares (string or array form); empty when it declares none."""
    if not isinstance(node, dict):
        return set()
    declared = node.get("type")
    if isinstance(declared, str):
        return {declared}
    if isinstance(declared, list):
        return {t for t in declared if isinstance(t, str)}
    return set()


def describes_objects(node: Any) -> bool:
    """Whether a node is an object schema (declares ``object`` or has ``properties``)."""
    return isinstance(node, dict) and ("object" in declared_types(node) or (
        "type" not in node and isinstance(node.get("properties"), dict)))


def combinator_of_objects(node: dict[str, Any]) -> str | None:
    """The combinator that already restricts a node to objects: every branch of a
    ``oneOf``/``anyOf`` declares ``"type": "object"``, or any branch of an ``allOf`` does."""
    for keyword in ("oneOf", "anyOf"):
        branches = node.get(keyword)
        if isinstance(branches, list) and branches and all(is_type(b, "object")
                                                           for b in branches):
            return keyword
    branches = node.get("allOf")
    if isinstance(branches, list) and any(is_type(b, "object") for b in branches):
        return "allOf"
    return None


def top_level_property(ctx: RootContext, position: Position) -> bool:
    """Whether a position is a direct property of a tool's input or output schema — the place
    the MCP TypeScript SDK 1.22.0 and later types as an object."""
    root = ctx.root
    up = position.up
    return (root.role in ("input", "output") and position.keyword == "properties"
            and up is not None and up.up is None)


def resolve_pointer(root: Any, ref: str) -> tuple[bool, Any]:
    """``(found, value)`` for a local ``#/...`` JSON-pointer reference into ``root``."""
    if ref == "#":
        return True, root
    if not ref.startswith("#/"):
        return False, None
    value = root
    for raw in ref[2:].split("/"):
        part = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return False, None
    return True, value



def object_root_report(path: Path, node: Any, role: str, effect: str, advice: str
                       ) -> Report | None:
    """The finding for a tool's schema root that does not declare `"type": "object"` (shared by
    the input and the output rule, which differ in what they tell); None when it declares it —
    or when its `type` is not JSON Schema at all, which `invalid-schema` reports instead."""
    if type(node) is dict and node.get("type") == "object":
        return None  # the common case, first
    tail = f" {effect}" if effect else ""
    if isinstance(node, bool) or not isinstance(node, dict):
        what = f"a bare `{json.dumps(node)}`" if isinstance(node, bool) else "not a schema object"
        return Report(path, f"The {role} schema is {what}, not an object schema.{tail}", advice,
                      variant="boolean" if isinstance(node, bool) else "not-a-schema")
    declared = node.get("type")
    if declared == "object":
        return None
    if "type" in node:
        if not well_formed_type(declared):
            return None
        return Report(path, f"The {role} schema declares `\"type\": {json.dumps(declared)}` at its "
                            f"root, not `\"object\"`.{tail}", advice, range_path=(*path, "type"),
                      variant="type-array" if isinstance(declared, list) else "type")
    combinator = combinator_of_objects(node)
    if combinator is not None:
        return Report(
            path,
            f"The {role} schema has no `\"type\": \"object\"` at its root (only a "
            f"`{combinator}` of objects).{tail}",
            f"Add `\"type\": \"object\"` beside the `{combinator}`: every value it accepts is "
            "already an object, so the contract is unchanged.",
            (FixPlan(f"Add `\"type\": \"object\"` beside the `{combinator}` (same contract)",
                     Applicability.SAFE, (InsertMember(path, "type", "object"),)),),
            range_on=RangeOn.KEY, variant="combinator")
    reason = "its root is a `$ref`" if "$ref" in node else "its root declares no `type`"
    return Report(path, f"The {role} schema is not `\"type\": \"object\"`: {reason}.{tail}",
                  advice, range_on=RangeOn.KEY, variant="ref" if "$ref" in node else "no-type")


ROOT_VARIANTS = ("boolean", "not-a-schema", "type", "type-array", "no-type", "combinator", "ref")


_SEARCH_STEPS = 1_000_000


def bounded_search(pattern: str, text: str) -> bool | None:
    """``re.search(pattern, text)`` when the match is certain to be cheap; None when it is not
    (or the pattern does not compile). A pattern comes from the document, and Python's regular
    expressions backtrack: ``(a+)+$`` against 30 letters takes minutes. So a pattern is matched
    only when it has no repetition inside a repetition (or an alternation or a back-reference
    under one) and its unbounded repetitions, k of them, keep ``len(text) ** (k + 1)`` — the
    backtracking bound of a search — under a million steps."""
    if len(pattern) > 1000:
        return None
    repeats = _repetitions(pattern)
    if repeats is None or (len(text) + 1) ** (repeats + 1) > _SEARCH_STEPS:
        return None
    try:
        return re.search(pattern, text) is not None
    except re.error:
        return None


@lru_cache(maxsize=256)
def _repetitions(pattern: str) -> int | None:
    """How many unbounded repetitions a pattern has, or None when it is not known to match in
    polynomial time (nested repetition, alternation or back-reference under repetition)."""
    try:
        from re import _parser  # type: ignore[attr-defined]  # the module re compiles with

        tree = _parser.parse(pattern)
    except Exception:  # not a pattern Python reads (re.error), or the parser moved
        return None
    constants = _parser
    repeat_ops = {constants.MAX_REPEAT, constants.MIN_REPEAT,
                  getattr(constants, "POSSESSIVE_REPEAT", constants.MAX_REPEAT)}
    count = 0
    stack: list[tuple[Any, bool]] = [(tree, False)]
    while stack:
        items, under_repeat = stack.pop()
        for op, av in items:
            if op in repeat_ops:
                _, high, inner = av
                unbounded = high == constants.MAXREPEAT or high > 100
                if under_repeat and unbounded:
                    return None
                count += unbounded
                stack.append((inner, under_repeat or unbounded))
            elif op == constants.BRANCH:
                if under_repeat:
                    return None
                stack.extend((branch, under_repeat) for branch in av[1])
            elif op in (constants.GROUPREF, constants.GROUPREF_EXISTS):
                return None
            elif op == constants.SUBPATTERN:
                stack.append((av[3], under_repeat))
            elif op in (constants.ASSERT, constants.ASSERT_NOT):
                stack.append((av[1], under_repeat))
            elif op == getattr(constants, "ATOMIC_GROUP", None):
                stack.append((av, under_repeat))
    return count


def value_at(value: Any, path: tuple[Any, ...]) -> Any:
    """The document value at ``path`` (member names and indices) below ``value``."""
    for part in path:
        value = value[part]
    return value


def json_kind(value: Any) -> str:
    """A document value's JSON type as a sentence names it ("a string", "null", ...); by
    ``isinstance``, so the readers' own kinds of value (a long integer literal kept as text, an
    object derived from code) are named by the JSON type they stand for."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, (list, tuple)):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return "a value"


def shown_value(value: Any, limit: int | None = None) -> str:
    """A value of the document as JSON text for a message (``limit``: at most that many
    characters, ending in ``...``): any value the readers produce, however long its numbers or
    deep its nesting (:func:`~portlint.source.numbers.json_text`)."""
    from portlint.source.numbers import json_text  # when a message shows a value

    try:
        text = json_text(value)
    except ValueError:  # a value JSON cannot spell (a non-finite number from YAML)
        text = str(value)
    if limit is not None and len(text) > limit:
        return text[:limit - 3] + "..."
    return text


def same_json(a: Any, b: Any) -> bool:
    """Whether two document values are the same JSON value, kind for kind: ``true`` is not
    ``1`` and ``1`` is not ``1.0`` here (Python's ``==`` says they are), and members compare by
    name whatever their order."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_json(v, b[k]) for k, v in a.items())
    if isinstance(a, list):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)
