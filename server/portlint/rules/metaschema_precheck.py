"""A fast, sound pre-check for the JSON Schema metaschemas (2020-12 and draft-07).

``jsonschema`` validating a schema against its metaschema costs about a millisecond per tool for
2020-12 — too much to pay on every keystroke for every tool, when almost every schema is valid.
:func:`may_be_invalid` looks at each keyword's value against a table read off the metaschemas
and answers ``False`` only when the metaschema cannot fail; only the rest are handed to
``jsonschema``, whose errors are what gets reported. It may answer ``True`` for a valid schema
(that merely costs the slow check); it must never answer ``False`` for an invalid one, and a test
holds it to that against ``jsonschema`` on the JSON Schema Test Suite, the corpus, and generated
mutations.

It relies on :mod:`portlint.walk` visiting every position either metaschema validates as a
schema; values the walk skips (a number under ``properties``) are caught here at their keyword.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from portlint.walk import Position

_SIMPLE_TYPES = frozenset(("array", "boolean", "integer", "null", "number", "object", "string"))
_ANCHOR = re.compile(r"[A-Za-z_][-A-Za-z0-9._]*")
_ID = re.compile(r"[^#]*#?")


def _schema(value: Any) -> bool:
    return type(value) is dict or type(value) is bool


def _schema_map(value: Any) -> bool:
    return type(value) is dict and all(type(v) is dict or type(v) is bool for v in value.values())


def _schema_array(value: Any) -> bool:
    return type(value) is list and bool(value) and all(
        type(v) is dict or type(v) is bool for v in value)


def _string(value: Any) -> bool:
    return type(value) is str


def _number(value: Any) -> bool:
    return type(value) is int or type(value) is float


def _non_negative_integer(value: Any) -> bool:
    kind = type(value)
    return (kind is int and value >= 0) or (kind is float and value.is_integer() and value >= 0)


def _boolean(value: Any) -> bool:
    return type(value) is bool


def _array(value: Any) -> bool:
    return type(value) is list


def _string_array(value: Any) -> bool:
    return type(value) is list and all(type(v) is str for v in value) and len(set(value)) == len(
        value)


def _type(value: Any) -> bool:
    if type(value) is str:
        return value in _SIMPLE_TYPES
    return (type(value) is list and bool(value) and all(
        type(v) is str and v in _SIMPLE_TYPES for v in value) and len(set(value)) == len(value))


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


def _anything(value: Any) -> bool:
    return True


Check = Callable[[Any], bool]

# Keyword → what its value must be, for the union of both metaschemas' constraints (a keyword
# either dialect constrains is held to the stricter reading).
_CHECKS: dict[str, Check] = {
    **dict.fromkeys(("items", "contains", "additionalProperties", "propertyNames", "if", "then",
                     "else", "not", "unevaluatedItems", "unevaluatedProperties", "contentSchema",
                     "additionalItems"), _schema),
    **dict.fromkeys(("properties", "patternProperties", "dependentSchemas", "$defs",
                     "definitions"), _schema_map),
    **dict.fromkeys(("prefixItems", "allOf", "anyOf", "oneOf"), _schema_array),
    **dict.fromkeys(("$schema", "$ref", "$dynamicRef", "$recursiveRef", "$comment", "title",
                     "description", "format", "contentEncoding", "contentMediaType", "pattern"),
                    _string),
    **dict.fromkeys(("$anchor", "$dynamicAnchor", "$recursiveAnchor"), _anchor),
    **dict.fromkeys(("maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum"), _number),
    **dict.fromkeys(("maxLength", "minLength", "maxItems", "minItems", "maxContains",
                     "minContains", "maxProperties", "minProperties"), _non_negative_integer),
    **dict.fromkeys(("uniqueItems", "deprecated", "readOnly", "writeOnly"), _boolean),
    **dict.fromkeys(("enum", "examples"), _array),
    "$id": _id,
    "$vocabulary": _vocabulary,
    "multipleOf": _multiple_of,
    "required": _string_array,
    "dependentRequired": _dependent_required,
    "dependencies": _dependencies,
    "type": _type,
    "const": _anything,
    "default": _anything,
}


def may_be_invalid(root: Any, positions: Iterable[Position]) -> bool:
    """False only when ``root`` is valid against both the 2020-12 and the draft-07 metaschema.

    Array-form ``items`` (valid draft-07, invalid 2020-12) always answers True.
    """
    if not _schema(root):
        return True
    checks = _CHECKS
    for position in positions:
        node = position.value
        if type(node) is not dict:
            continue
        for keyword, value in node.items():
            if type(keyword) is not str:
                return True
            check = checks.get(keyword)
            if check is not None and not check(value):
                return True
    return False
