"""A fast, sound pre-check for the JSON Schema metaschemas (2020-12 and draft-07).

``jsonschema`` validating a schema against its metaschema costs about a millisecond per tool for
2020-12 — too much to pay on every keystroke for every tool, when almost every schema is valid.
:func:`suspects` looks at each keyword's value against a table read off the metaschemas and
returns the keywords that might fail; only those are handed to ``jsonschema`` — each as the
one-keyword schema ``{keyword: value}``, which the metaschemas judge exactly as they judge it in
place (their keywords are independent of one another) — and its errors are what gets reported.
A suspect may turn out valid (that merely costs a small check); a failing keyword must never be
missed, and a test holds the result to whole-schema ``jsonschema`` validation on the JSON Schema
Test Suite, the corpus, and generated mutations.

It relies on :mod:`portlint.walk` visiting every position either metaschema validates as a
schema; values the walk skips (a number under ``properties``) are caught here at their keyword.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from portlint.records import NamedTuple
from portlint.rules.helpers import TYPE_NAMES, well_formed_type
from portlint.source.located import Path
from portlint.walk import Position, walk_indexed

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    Check = Callable[[Any], bool]

_ANCHOR = re.compile(r"[A-Za-z_][-A-Za-z0-9._]*")
_ID = re.compile(r"[^#]*#?")


def _schema(value: Any) -> bool:
    return type(value) is dict or type(value) is bool


_SCHEMA_TYPES = frozenset((dict, bool))
_STRING_TYPE = frozenset((str,))


def _schema_map(value: Any) -> bool:
    return type(value) is dict and _SCHEMA_TYPES.issuperset(map(type, value.values()))


def _schema_array(value: Any) -> bool:
    return type(value) is list and bool(value) and _SCHEMA_TYPES.issuperset(map(type, value))


def _number(value: Any) -> bool:
    return type(value) is int or type(value) is float


def _non_negative_integer(value: Any) -> bool:
    kind = type(value)
    return (kind is int and value >= 0) or (kind is float and value.is_integer() and value >= 0)


def _string_array(value: Any) -> bool:
    return (type(value) is list and _STRING_TYPE.issuperset(map(type, value))
            and len(set(value)) == len(value))


def _multiple_of(value: Any) -> bool:
    return _number(value) and value > 0


def _anchor(value: Any) -> bool:
    return type(value) is str and _ANCHOR.fullmatch(value) is not None


def _id(value: Any) -> bool:
    return type(value) is str and _ID.fullmatch(value) is not None


def _vocabulary(value: Any) -> bool:
    return type(value) is dict and all(type(v) is bool for v in value.values())


def _dependencies(value: Any) -> bool:
    return type(value) is dict and all(_schema(v) or _string_array(v) for v in value.values())


def _dependent_required(value: Any) -> bool:
    return type(value) is dict and all(_string_array(v) for v in value.values())

# Keyword → what its value must be, for the union of both metaschemas' constraints (a keyword
# either dialect constrains is held to the stricter reading). First the keywords whose value only
# has to be of some JSON types (checked inline, the common case), then the rest.
_SIMPLE: dict[str, tuple[type, ...]] = {
    **dict.fromkeys(("$schema", "$ref", "$dynamicRef", "$recursiveRef", "$comment", "title",
                     "description", "format", "contentEncoding", "contentMediaType", "pattern"),
                    (str,)),
    **dict.fromkeys(("maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum"),
                    (int, float)),
    **dict.fromkeys(("uniqueItems", "deprecated", "readOnly", "writeOnly"), (bool,)),
    **dict.fromkeys(("enum", "examples"), (list,)),
    **dict.fromkeys(("items", "contains", "additionalProperties", "propertyNames", "if", "then",
                     "else", "not", "unevaluatedItems", "unevaluatedProperties",
                     "contentSchema", "additionalItems"), (dict, bool)),
}
_CHECKS: dict[str, Check] = {
    **dict.fromkeys(("properties", "patternProperties", "dependentSchemas", "$defs",
                     "definitions"), _schema_map),
    **dict.fromkeys(("prefixItems", "allOf", "anyOf", "oneOf"), _schema_array),
    **dict.fromkeys(("$anchor", "$dynamicAnchor", "$recursiveAnchor"), _anchor),
    **dict.fromkeys(("maxLength", "minLength", "maxItems", "minItems", "maxContains",
                     "minContains", "maxProperties", "minProperties"), _non_negative_integer),
    "$id": _id,
    "$vocabulary": _vocabulary,
    "multipleOf": _multiple_of,
    "required": _string_array,
    "dependentRequired": _dependent_required,
    "dependencies": _dependencies,
    "type": well_formed_type,
}

_SINGLE_2020 = frozenset((
    "items", "contains", "additionalProperties", "propertyNames", "if", "then", "else", "not",
    "unevaluatedItems", "unevaluatedProperties", "contentSchema"))
_MAPS_2020 = frozenset((
    "properties", "patternProperties", "dependentSchemas", "$defs", "definitions", "dependencies"))
_ARRAYS_2020 = frozenset(("prefixItems", "allOf", "anyOf", "oneOf"))
_SINGLE_07 = frozenset((
    "items", "additionalItems", "contains", "additionalProperties", "propertyNames", "if", "then",
    "else", "not"))
_MAPS_07 = frozenset(("properties", "patternProperties", "definitions", "dependencies"))
_ARRAYS_07 = frozenset(("items", "allOf", "anyOf", "oneOf"))


_ANY_MAP = _MAPS_2020 | _MAPS_07
class Suspect(NamedTuple):
    """A keyword whose value may fail a metaschema, and the dialects that validate it there."""

    path: Path  # the schema object holding the keyword
    keyword: str
    in_2020: bool  # the 2020-12 metaschema reaches this schema object
    in_07: bool  # the draft-07 metaschema does


def suspects(root: Any, positions: list[Position],
             keywords: Mapping[Any, list[Position]] | None = None) -> list[Suspect]:
    """Every keyword value the metaschemas might reject, with where each dialect looks, in
    document order.

    ``keywords`` is the walk's index of the positions (keyword → the object positions carrying
    it, in walk order); positions walked without it are walked again, with it
    (:func:`~portlint.walk.walk_indexed`). Each keyword's check is looked up once and applied to
    its holders. A schema object is reached by a dialect's
    metaschema only through that dialect's applicator keywords (draft-07 does not look inside
    `$defs`; 2020-12 not inside `additionalItems` or an array-form `items`). Reach is worked
    out only for the rare object with a suspect keyword."""
    if type(root) is not dict and type(root) is not bool:  # (inline: asked of every root)
        return [Suspect((), "", True, True)]
    if keywords is None:
        positions, keywords, _ = walk_indexed(root, positions[0].path if positions else ())
    found: list[tuple[Position, str]] = []
    simple = _SIMPLE
    checks = _CHECKS
    type_names = TYPE_NAMES
    for name, holders in keywords.items():
        allowed = simple.get(name)
        if allowed is not None:
            for position in holders:
                if type(position.value[name]) not in allowed:
                    found.append((position, name))
        elif name == "type":
            for position in holders:
                value = position.value[name]
                # a type name, the common case, inline
                if (type(value) is not str or value not in type_names) and not (
                        well_formed_type(value)):
                    found.append((position, name))
        elif type(name) is not str:
            found.extend((position, "") for position in holders)
        else:
            check = checks.get(name)
            if check is not None:
                for position in holders:
                    if not check(position.value[name]):
                        found.append((position, name))
    if not found:
        return []
    if len(found) > 1:  # back to document order: by position, then by place in the object
        order = {id(position): i for i, position in enumerate(positions)}
        found.sort(key=lambda pair: (order[id(pair[0])], _key_place(pair[0].value, pair[1])))
    base = len(positions[0].path) if positions else 0
    out: list[Suspect] = []
    for position, name in found:
        in_2020, in_07 = _reach(root, position.path[base:])
        if in_2020 or in_07:
            out.append(Suspect(position.path, name, in_2020, in_07))
    return out


def _key_place(node: dict[Any, Any], name: str) -> int:
    """Where ``name`` sits among the keys of ``node`` ("": the first key that is not a
    string)."""
    for i, key in enumerate(node):
        if (key == name) if name else (type(key) is not str):
            return i
    return 0


def _reach(root: Any, where: Path) -> tuple[bool, bool]:
    """Whether the 2020-12 and the draft-07 metaschema validate the schema object at ``where``
    (relative to the root) as a schema."""
    in_2020 = in_07 = True
    node = root
    i = 0
    while i < len(where) and (in_2020 or in_07):
        keyword = where[i]
        container = node[keyword]
        if i + 1 < len(where) and type(container) is list:
            in_2020 = in_2020 and keyword in _ARRAYS_2020
            in_07 = in_07 and keyword in _ARRAYS_07
            node = container[int(where[i + 1])]
            i += 2
        elif i + 1 < len(where) and type(container) is dict and keyword in _ANY_MAP:
            # the walk goes into a map keyword's entries, never into the map as a schema
            in_2020 = in_2020 and keyword in _MAPS_2020
            in_07 = in_07 and keyword in _MAPS_07
            node = container[where[i + 1]]
            i += 2
        else:
            in_2020 = in_2020 and keyword in _SINGLE_2020
            in_07 = in_07 and keyword in _SINGLE_07
            node = container
            i += 1
    return in_2020, in_07


def may_be_invalid(root: Any, positions: list[Position]) -> bool:
    """False only when ``root`` is valid against both the 2020-12 and the draft-07 metaschema."""
    return bool(suspects(root, positions))
