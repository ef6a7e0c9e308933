"""What the metaschemas say about a keyword whose value is of the wrong JSON type — known
without loading them.

Almost every invalid schema met in practice is invalid the plainest way: ``"type": "dict"``,
``"properties": null``, ``"exclusiveMinimum": true``, array-form ``items`` under 2020-12. For
those the 2020-12 and draft-07 metaschemas' verdict is a single failure at the keyword itself,
fixed by the keyword and the value's JSON type: a ``type`` failure naming the types the keyword
allows (``"properties"`` must be an object), or the ``anyOf`` of ``type`` (a type name or an
array of them). :func:`known_failures` gives that verdict from the table below, so a tool list
whose only problems are of that kind never imports ``jsonschema`` (tens of milliseconds, the
largest part of a whole ``portlint check`` run). Anything else — a value of the right type that
breaks a finer constraint (a negative ``minLength``), a list that is not a plain list of
schemas — returns None, and ``jsonschema`` decides as before.

The table was read off ``jsonschema``'s own metaschemas, and a test holds it to them: for every
keyword, every kind of value and both dialects, the failures (path, dialect, and what is said)
are the same with and without this shortcut.
"""

from __future__ import annotations

import numbers

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# keyword -> (2020-12, draft-07): the JSON types the keyword's value must have, as the
# metaschema's ``type`` says them (a name or a list of names), or None where that dialect's
# metaschema does not look at the keyword at all (a value of any type passes)
_SCHEMA = ["object", "boolean"]
_TYPES: dict[str, tuple[str | list[str] | None, str | list[str] | None]] = {
    **dict.fromkeys(("$comment", "$id", "$ref", "$schema", "contentEncoding",
                     "contentMediaType", "description", "format", "pattern", "title"),
                    ("string", "string")),
    **dict.fromkeys(("$anchor", "$dynamicAnchor", "$dynamicRef", "$recursiveAnchor",
                     "$recursiveRef"), ("string", None)),
    **dict.fromkeys(("definitions", "dependencies", "patternProperties", "properties"),
                    ("object", "object")),
    **dict.fromkeys(("$defs", "$vocabulary", "dependentRequired", "dependentSchemas"),
                    ("object", None)),
    **dict.fromkeys(("additionalProperties", "contains", "else", "if", "not", "propertyNames",
                     "then"), (_SCHEMA, _SCHEMA)),
    **dict.fromkeys(("contentSchema", "unevaluatedItems", "unevaluatedProperties"),
                    (_SCHEMA, None)),
    "additionalItems": (None, _SCHEMA),
    **dict.fromkeys(("allOf", "anyOf", "oneOf", "enum", "examples", "required"),
                    ("array", "array")),
    "prefixItems": ("array", None),
    **dict.fromkeys(("exclusiveMaximum", "exclusiveMinimum", "maximum", "minimum",
                     "multipleOf"), ("number", "number")),
    **dict.fromkeys(("maxItems", "maxLength", "maxProperties", "minItems", "minLength",
                     "minProperties"), ("integer", "integer")),
    **dict.fromkeys(("maxContains", "minContains"), ("integer", None)),
    **dict.fromkeys(("readOnly", "uniqueItems"), ("boolean", "boolean")),
    **dict.fromkeys(("deprecated", "writeOnly"), ("boolean", None)),
}


def _is_type(value: Any, name: str) -> bool:
    """``value`` is of the JSON type ``name``, as ``jsonschema``'s type checker decides (by
    ``isinstance``: the readers' integer literals of any length are ``int`` subclasses)."""
    if name == "string":
        return isinstance(value, str)
    if name == "object":
        return isinstance(value, dict)
    if name == "array":
        return isinstance(value, list)
    if name == "boolean":
        return isinstance(value, bool)
    if name == "null":
        return value is None
    if isinstance(value, bool):
        return False
    if name == "number":
        return isinstance(value, numbers.Number)
    if name == "integer":
        return isinstance(value, int) or (isinstance(value, float) and value.is_integer())
    return False


class KnownFailure:
    """A metaschema failure known in advance, with the parts of ``jsonschema``'s
    ``ValidationError`` that portlint reads."""

    __slots__ = ("absolute_path", "context", "instance", "message", "schema_path", "validator",
                 "validator_value")

    def __init__(self, keyword: str, validator: str, expected: Any, value: Any) -> None:
        self.absolute_path: tuple[Any, ...] = (keyword,)
        self.validator = validator
        self.validator_value = expected
        self.instance = value
        self.context: list[Any] = []
        self.schema_path: tuple[Any, ...] = ("properties", keyword, validator)
        if validator == "type":
            names = expected if isinstance(expected, list) else [expected]
            self.message = f"{value!r} is not of type {', '.join(map(repr, names))}"
        else:
            self.message = f"{value!r} is not valid under any of the given schemas"


def known_failures(dialect: str, instance: Any) -> tuple[KnownFailure, ...] | None:
    """The failures of the one-keyword schema ``instance`` against ``dialect``'s metaschema
    ("2020-12" or "draft-07"), when they follow from the value's type alone; else None."""
    if type(instance) is not dict or len(instance) != 1:
        return None
    ((keyword, value),) = instance.items()
    if type(keyword) is not str:
        return None
    if keyword == "type":
        # anything but a list fails both branches of the metaschema's anyOf at `type` itself (a
        # suspect list's failures lie inside it, in one branch: left to jsonschema)
        if isinstance(value, list) or (isinstance(value, str) and value in _TYPE_NAMES):
            return None
        return (KnownFailure(keyword, "anyOf", None, value),)
    if keyword == "items" and dialect == "draft-07":
        # a schema or a non-empty array of schemas; the array's entries are schema positions
        # of their own, whose keywords are checked where they stand
        if isinstance(value, list) and value and all(isinstance(v, (dict, bool))
                                                     for v in value):
            return ()
        return None
    entry = (_SCHEMA, None) if keyword == "items" else _TYPES.get(keyword)
    if entry is None:
        return None
    expected = entry[0] if dialect == "2020-12" else entry[1]
    if expected is None:
        return ()  # this dialect's metaschema does not constrain the keyword
    names = expected if isinstance(expected, list) else [expected]
    if any(_is_type(value, name) for name in names):
        return None  # of an allowed type: finer constraints may still fail
    return (KnownFailure(keyword, "type", expected, value),)


_TYPE_NAMES = frozenset(("array", "boolean", "integer", "null", "number", "object", "string"))
