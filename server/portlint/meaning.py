"""A JSON Schema as what it means: the JSON types it admits, and each type's constraints (read by
`portlint diff` and by the rules that must prove two schemas admit no value in common).

A schema is read into a :class:`Meaning`: for each of the seven JSON types (``null``,
``boolean``, ``integer``, ``number``, ``string``, ``array``, ``object``) the alternatives that
admit values of it (:class:`Alternative`, one per ``anyOf``/``oneOf`` branch admitting that type).
Keywords apply to the type they constrain (``minLength`` to strings, ``properties`` to objects),
so splitting a schema by type loses nothing, and the spellings of one meaning meet:

* ``"type": ["string", "null"]`` and ``"anyOf": [{"type": "string"}, {"type": "null"}]``;
* ``"const": 1`` and ``"enum": [1]``; the values of an ``enum`` split by their type;
* ``true``, ``{}`` and ``{"not": false}``; ``false``, ``{"not": {}}`` and ``{"not": true}`` (a
  ``not`` of what admits everything, or of nothing, is read as such; any other ``not`` is opaque);
* a local ``$ref`` and its target (inlined; a recursive one is compared by its target's place);
* a single-branch ``allOf`` and its branch, merged into the schema beside it.

What the model cannot express exactly — ``not``, ``if``/``then``/``else``, ``dependent*``,
``unevaluated*``, ``patternProperties``, ``propertyNames``, ``contains``, an ``allOf`` whose
branches cannot be merged — is kept as *opaque* keywords, compared by value: a change there is
reported as one portlint cannot classify, never as compatible.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field

from portlint.source.located import Path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

TYPES = ("null", "boolean", "integer", "number", "string", "array", "object")

ANNOTATIONS = frozenset(("title", "description", "default", "examples", "deprecated",
                         "readOnly", "writeOnly", "$comment", "$id", "$anchor", "$schema",
                         "$defs", "definitions", "contentMediaType", "contentEncoding",
                         "discriminator", "x-fastmcp-wrap-result"))
STRING_BOUNDS = ("minLength", "maxLength")
NUMBER_BOUNDS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf")
ARRAY_BOUNDS = ("minItems", "maxItems")
OBJECT_BOUNDS = ("minProperties", "maxProperties")
OPAQUE = frozenset(("not", "if", "then", "else", "dependentRequired", "dependentSchemas",
                    "dependencies", "unevaluatedProperties", "unevaluatedItems",
                    "patternProperties", "propertyNames", "contains", "minContains",
                    "maxContains", "$dynamicRef", "$recursiveRef", "additionalItems",
                    "contentSchema"))
TYPE_KEYWORDS: dict[str, frozenset[str]] = {
    "string": frozenset((*STRING_BOUNDS, "pattern", "format")),
    "integer": frozenset(NUMBER_BOUNDS),
    "number": frozenset(NUMBER_BOUNDS),
    "array": frozenset((*ARRAY_BOUNDS, "items", "prefixItems", "uniqueItems")),
    "object": frozenset((*OBJECT_BOUNDS, "properties", "required", "additionalProperties")),
    "boolean": frozenset(),
    "null": frozenset(),
}
MAX_DEPTH = 64  # deeper than any real tool schema; deeper structure is compared by value


def json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "integer" if value.is_integer() else "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def canonical(value: Any) -> str:
    """A value's identity for comparing enum members and opaque keywords (1 and 1.0 are one)."""
    def norm(v: Any) -> Any:
        if isinstance(v, float) and v.is_integer():
            return int(v)
        if isinstance(v, dict):
            return {k: norm(v[k]) for k in sorted(v)}
        if isinstance(v, list):
            return [norm(x) for x in v]
        return v
    return json.dumps(norm(value), sort_keys=True, ensure_ascii=False, default=repr)


@dataclass
class Alternative:
    """The values of one JSON type a schema (or one of its branches) admits."""

    type: str
    where: Path  # the schema (or branch) it comes from, from the schema root
    enum: list[Any] | None = None  # None: any value of the type
    bounds: dict[str, Any] = field(default_factory=dict)  # minLength, minimum, pattern, ...
    properties: dict[str, Meaning] = field(default_factory=dict)
    required: frozenset[str] = frozenset()
    additional: Meaning | None = None  # None: any extra property
    items: Meaning | None = None  # None: any item
    prefix: list[Meaning] = field(default_factory=list)


@dataclass
class Meaning:
    """What a schema admits: per type, its alternatives; plus what the model cannot express."""

    where: Path
    alternatives: dict[str, list[Alternative]]  # type → alternatives (absent: not admitted)
    opaque: dict[str, str] = field(default_factory=dict)  # keyword → canonical value
    annotations: dict[str, Any] = field(default_factory=dict)
    ref: str | None = None  # a recursive reference, compared by where it points
    # the branches of each `oneOf` here that portlint cannot prove exclusive: a value matching
    # two of them is refused, which the alternatives above do not express
    oneof: tuple[tuple[Meaning, ...], ...] = ()

    @property
    def admits_nothing(self) -> bool:
        return not self.alternatives and not self.opaque and self.ref is None

    @property
    def admits_anything(self) -> bool:
        return _is_anything(self)

    @property
    def exclusive(self) -> bool:
        """Branches joined by a ``oneOf`` that may overlap: exactly one must hold."""
        return bool(self.oneof)

    def types(self) -> frozenset[str]:
        return frozenset(self.alternatives)


class Reader:
    """Reads the schemas of one root; local references resolve against ``root``."""

    def __init__(self, root: Any) -> None:
        self.root = root
        self._active: list[str] = []

    def read(self, schema: Any, where: Path, depth: int = 0) -> Meaning:
        if schema is True or schema == {}:
            return _anything(where)
        if schema is False:
            return Meaning(where, {})
        if not isinstance(schema, dict):
            return Meaning(where, _all_types(where), opaque={"(not a schema)": canonical(schema)})
        if depth > MAX_DEPTH:
            return Meaning(where, _all_types(where), opaque={"(too deep)": canonical(schema)})
        ref = schema.get("$ref")
        if isinstance(ref, str):
            return self._reference(schema, ref, where, depth)
        negated = self._negated(schema, where, depth)
        if negated is not None and _is_anything(negated):  # `{"not": {}}`: nothing matches
            return Meaning(where, {}, annotations=_annotations(schema))
        meaning = self._own(schema, where, depth)
        if negated is not None and negated.admits_nothing:  # `{"not": false}` refuses nothing
            del meaning.opaque["not"]
        for keyword in ("anyOf", "oneOf"):
            branches = schema.get(keyword)
            if isinstance(branches, list) and branches:
                read = [self.read(b, (*where, keyword, i), depth + 1)
                        for i, b in enumerate(branches)]
                union = _union(read, where)
                if keyword == "oneOf" and not exclusive(read):
                    union.oneof = (*union.oneof, tuple(read))
                meaning = intersect(meaning, union, where)
        all_of = schema.get("allOf")
        if isinstance(all_of, list):
            for i, branch in enumerate(all_of):
                meaning = intersect(meaning, self.read(branch, (*where, "allOf", i), depth + 1),
                                    where)
        return meaning

    def _negated(self, schema: dict[str, Any], where: Path, depth: int) -> Meaning | None:
        """What ``not`` refuses, when the schema has it."""
        if "not" not in schema:
            return None
        return self.read(schema["not"], (*where, "not"), depth + 1)

    def _reference(self, schema: dict[str, Any], ref: str, where: Path, depth: int) -> Meaning:
        siblings = {k: v for k, v in schema.items() if k != "$ref"}
        target = self._resolve(ref)
        if target is _MISSING or ref in self._active:
            meaning = Meaning(where, _all_types(where), ref=ref)
        else:
            self._active.append(ref)
            try:
                meaning = self.read(target, where, depth + 1)
            finally:
                self._active.pop()
        if siblings:
            meaning = intersect(meaning, self.read(siblings, where, depth + 1), where)
        return meaning

    def _resolve(self, ref: str) -> Any:
        if not ref.startswith("#"):
            return _MISSING  # a remote reference is never fetched
        node: Any = self.root
        body = ref[1:]
        if body in ("", "/"):
            return node
        for raw in body.lstrip("/").split("/"):
            part = raw.replace("~1", "/").replace("~0", "~")
            if isinstance(node, dict) and part in node:
                node = node[part]
            elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
                node = node[int(part)]
            else:
                return _MISSING
        return node

    def _own(self, schema: dict[str, Any], where: Path, depth: int) -> Meaning:
        """The schema's own keywords (not its combinators) as a meaning."""
        declared = schema.get("type")
        if isinstance(declared, str):
            types = [declared] if declared in TYPES else []
        elif isinstance(declared, list):
            types = [t for t in TYPES if t in declared]
        else:
            types = list(TYPES)
        if "integer" in types and "number" in types:
            types.remove("integer")  # number admits every integer
        values = None
        if "const" in schema:
            values = [schema["const"]]
        elif isinstance(schema.get("enum"), list):
            values = list(schema["enum"])
        alternatives: dict[str, list[Alternative]] = {}
        for type_name in types:
            alt = Alternative(type_name, where)
            if values is not None:
                admitted = [v for v in values if _admits_type(type_name, json_type(v))]
                if not admitted:
                    continue
                alt.enum = admitted
            self._constrain(alt, schema, where, depth)
            alternatives[type_name] = [alt]
        opaque = {k: canonical(schema[k]) for k in schema if k in OPAQUE}
        unknown_types = isinstance(declared, (str, list)) and not types
        if unknown_types:
            opaque["type"] = canonical(declared)
        return Meaning(where, alternatives, opaque, _annotations(schema))

    def _constrain(self, alt: Alternative, schema: dict[str, Any], where: Path,
                   depth: int) -> None:
        wanted = TYPE_KEYWORDS[alt.type]
        for key in wanted & schema.keys():
            value = schema[key]
            if key == "properties" and isinstance(value, dict):
                alt.properties = {name: self.read(sub, (*where, "properties", name), depth + 1)
                                  for name, sub in value.items()}
            elif key == "required" and isinstance(value, list):
                alt.required = frozenset(v for v in value if isinstance(v, str))
            elif key == "additionalProperties":
                alt.additional = None if value is True else self.read(
                    value, (*where, "additionalProperties"), depth + 1)
            elif key == "items":
                if isinstance(value, list):  # the draft-07 tuple form
                    alt.prefix = [self.read(v, (*where, "items", i), depth + 1)
                                  for i, v in enumerate(value)]
                elif value is not True and value != {}:
                    alt.items = self.read(value, (*where, "items"), depth + 1)
            elif key == "prefixItems" and isinstance(value, list):
                alt.prefix = [self.read(v, (*where, "prefixItems", i), depth + 1)
                              for i, v in enumerate(value)]
            elif key == "uniqueItems":
                if value is True:
                    alt.bounds[key] = True
            else:
                alt.bounds[key] = value


_MISSING = object()


def _annotations(schema: dict[str, Any]) -> dict[str, Any]:
    return {k: schema[k] for k in schema if k in ANNOTATIONS}


def _admits_type(alternative_type: str, value_type: str) -> bool:
    return alternative_type == value_type or (alternative_type == "number"
                                              and value_type == "integer")


def _all_types(where: Path) -> dict[str, list[Alternative]]:
    return {t: [Alternative(t, where)] for t in TYPES if t != "integer"}


def _anything(where: Path) -> Meaning:
    return Meaning(where, _all_types(where))


def exclusive(branches: list[Meaning]) -> bool:
    """Whether no value can match two of the branches — provably: by their types (an integer
    is a number too), their enumerated values, or a required property whose schemas are
    exclusive (a discriminator). What is not proved is taken as overlapping."""
    return all(disjoint(a, b) for i, a in enumerate(branches) for b in branches[i + 1:])


def disjoint(a: Meaning, b: Meaning) -> bool:
    """Whether no value matches both meanings, provably."""
    return all(_alternatives_disjoint(x, y)
               for left in a.alternatives.values() for x in left
               for right in b.alternatives.values() for y in right)


def _alternatives_disjoint(x: Alternative, y: Alternative) -> bool:
    if not (_admits_type(x.type, y.type) or _admits_type(y.type, x.type)):
        return True
    left = None if x.enum is None else {canonical(v) for v in x.enum
                                        if _admits_type(y.type, json_type(v))}
    right = None if y.enum is None else {canonical(v) for v in y.enum
                                         if _admits_type(x.type, json_type(v))}
    if left == set() or right == set() or (left is not None and right is not None
                                           and not left & right):
        return True
    if _ranges_apart(x, y):
        return True
    if x.type == "object" and y.type == "object":
        tags = x.required & y.required & x.properties.keys() & y.properties.keys()
        return any(disjoint(x.properties[name], y.properties[name]) for name in tags)
    return False


# the bounds of a size, by the type they count: what each keyword counts
_SIZES = {"string": ("minLength", "maxLength"), "array": ("minItems", "maxItems"),
          "object": ("minProperties", "maxProperties")}
_NUMERIC = ("integer", "number")


def _ranges_apart(x: Alternative, y: Alternative) -> bool:
    """Whether the bounds of two alternatives leave no value between them: numbers on either
    side of each other (`maximum: 5` and `minimum: 6`; `exclusiveMaximum: 5` and `minimum: 5`),
    or sizes (`maxLength: 3` and `minLength: 4`)."""
    if x.type in _NUMERIC and y.type in _NUMERIC:
        return _apart(_interval(x.bounds, "minimum", "maximum", numeric=True),
                      _interval(y.bounds, "minimum", "maximum", numeric=True))
    if x.type == y.type and x.type in _SIZES:
        low, high = _SIZES[x.type]
        return _apart(_interval(x.bounds, low, high), _interval(y.bounds, low, high))
    return False


Interval = tuple[float | None, bool, float | None, bool]  # low, low open, high, high open


def _interval(bounds: dict[str, Any], low_key: str, high_key: str, *,
              numeric: bool = False) -> Interval:
    """The closed or open interval a type's bounds leave (None: unbounded on that side). A
    bound that is not a number is no bound (it is the validator's business)."""
    low, low_open = _number(bounds.get(low_key)), False
    high, high_open = _number(bounds.get(high_key)), False
    if numeric:
        # draft 4's boolean form makes `minimum`/`maximum` exclusive; the numeric form is a
        # bound of its own, the tighter of the two counting
        low_open = bounds.get("exclusiveMinimum") is True and low is not None
        high_open = bounds.get("exclusiveMaximum") is True and high is not None
        exclusive_low = _number(bounds.get("exclusiveMinimum"))
        if exclusive_low is not None and (low is None or exclusive_low >= low):
            low, low_open = exclusive_low, True
        exclusive_high = _number(bounds.get("exclusiveMaximum"))
        if exclusive_high is not None and (high is None or exclusive_high <= high):
            high, high_open = exclusive_high, True
    return low, low_open, high, high_open


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return None if math.isnan(value) else value  # (NaN bounds nothing)


def _apart(a: Interval, b: Interval) -> bool:
    return _below(a, b) or _below(b, a)


def _below(a: Interval, b: Interval) -> bool:
    """Whether every value of ``a`` is below every value of ``b``."""
    high, high_open = a[2], a[3]
    low, low_open = b[0], b[1]
    if high is None or low is None:
        return False
    return high < low or (high == low and (high_open or low_open))


def _union(meanings: list[Meaning], where: Path) -> Meaning:
    alternatives: dict[str, list[Alternative]] = {}
    opaque: dict[str, str] = {}
    ref = None
    oneof: tuple[tuple[Meaning, ...], ...] = ()
    for i, meaning in enumerate(meanings):
        for type_name, alts in meaning.alternatives.items():
            alternatives.setdefault(type_name, []).extend(alts)
        for key, value in meaning.opaque.items():
            opaque[f"anyOf[{i}].{key}"] = value
        ref = ref or meaning.ref
        oneof = (*oneof, *meaning.oneof)
    if "number" in alternatives and "integer" in alternatives and all(
            _unconstrained(a) for a in alternatives["number"]):
        del alternatives["integer"]  # an unconstrained number admits those integers already
    return Meaning(where, alternatives, opaque, ref=ref, oneof=oneof)


def _unconstrained(alt: Alternative) -> bool:
    return alt.enum is None and not alt.bounds


def intersect(a: Meaning, b: Meaning, where: Path) -> Meaning:
    """Both meanings at once (``allOf``, a schema beside its combinator). Exact where each
    type has one alternative on either side that can be merged; otherwise the merge is kept
    opaque."""
    if _is_anything(b):
        return _with_annotations(a, b)
    if _is_anything(a):
        return Meaning(where, b.alternatives, {**a.opaque, **b.opaque},
                       {**b.annotations, **a.annotations}, a.ref or b.ref, a.oneof + b.oneof)
    alternatives: dict[str, list[Alternative]] = {}
    opaque = {**a.opaque, **b.opaque}
    for type_name in TYPES:
        left = _of_type(a, type_name)
        right = _of_type(b, type_name)
        if left is None or right is None:
            continue
        if len(left) != 1 or len(right) != 1:
            opaque["allOf"] = canonical([_describe(a), _describe(b)])
            alternatives[type_name] = left + right
            continue
        merged = _merge_alternatives(left[0], right[0])
        if merged is None:
            opaque["allOf"] = canonical([_describe(a), _describe(b)])
            alternatives[type_name] = left
        elif merged.enum != []:
            alternatives[type_name] = [merged]
    return Meaning(where, alternatives, opaque, {**b.annotations, **a.annotations},
                   a.ref or b.ref, a.oneof + b.oneof)


def _with_annotations(a: Meaning, b: Meaning) -> Meaning:
    return Meaning(a.where, a.alternatives, {**a.opaque, **b.opaque},
                   {**b.annotations, **a.annotations}, a.ref or b.ref, a.oneof + b.oneof)


def _is_anything(meaning: Meaning) -> bool:
    if meaning.opaque or meaning.ref is not None or meaning.oneof:
        return False
    if set(meaning.alternatives) != {t for t in TYPES if t != "integer"}:
        return False
    return all(len(alts) == 1 and _bare(alts[0]) for alts in meaning.alternatives.values())


def _bare(alt: Alternative) -> bool:
    return (alt.enum is None and not alt.bounds and not alt.properties and not alt.required
            and alt.additional is None and alt.items is None and not alt.prefix)


def _of_type(meaning: Meaning, type_name: str) -> list[Alternative] | None:
    found = meaning.alternatives.get(type_name)
    if found is not None:
        return found
    if type_name == "integer" and "number" in meaning.alternatives:
        return [_as_integer(alt) for alt in meaning.alternatives["number"]]
    return None


def _as_integer(alt: Alternative) -> Alternative:
    enum = None if alt.enum is None else [v for v in alt.enum if json_type(v) == "integer"]
    return Alternative("integer", alt.where, enum, dict(alt.bounds))


def _merge_alternatives(a: Alternative, b: Alternative) -> Alternative | None:
    """The values both admit, or None when that cannot be written as one alternative."""
    merged = Alternative(a.type, a.where)
    if a.enum is not None and b.enum is not None:
        right = {canonical(v) for v in b.enum}
        merged.enum = [v for v in a.enum if canonical(v) in right]
    else:
        merged.enum = a.enum if a.enum is not None else b.enum
    for key in a.bounds.keys() | b.bounds.keys():
        if key in a.bounds and key in b.bounds and a.bounds[key] != b.bounds[key]:
            tighter = _tighter(key, a.bounds[key], b.bounds[key])
            if tighter is None:
                return None
            merged.bounds[key] = tighter
        else:
            merged.bounds[key] = a.bounds.get(key, b.bounds.get(key))
    if a.additional is not None or b.additional is not None:
        # each branch's additionalProperties sees only its own properties: not one object
        differ = a.properties.keys() != b.properties.keys() or not (a.properties
                                                                      or b.properties)
        if differ and not (a.additional is None and not a.properties) and not (
                b.additional is None and not b.properties):
            return None
        merged.additional = a.additional if a.additional is not None else b.additional
    for name in a.properties.keys() | b.properties.keys():
        if name in a.properties and name in b.properties:
            merged.properties[name] = intersect(a.properties[name], b.properties[name],
                                                a.properties[name].where)
        else:
            merged.properties[name] = a.properties.get(name) or b.properties[name]
    merged.required = a.required | b.required
    if a.items is not None and b.items is not None:
        merged.items = intersect(a.items, b.items, a.items.where)
    else:
        merged.items = a.items or b.items
    if a.prefix and b.prefix:
        return None
    merged.prefix = a.prefix or b.prefix
    return merged


def _tighter(key: str, a: Any, b: Any) -> Any:
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (a, b)):
        return None
    if key.startswith(("min", "exclusiveMin")):
        return max(a, b)
    if key.startswith(("max", "exclusiveMax")):
        return min(a, b)
    return None  # two multipleOf: their least common multiple is not worth the guess


def _describe(meaning: Meaning) -> Any:
    return {"types": sorted(meaning.alternatives), "where": list(meaning.where)}
