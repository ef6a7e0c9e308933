"""The semantic comparison on pairs whose answer is known. Every breaking input change carries a
witness: a call the old schema admits and the new one refuses — checked with `jsonschema`, the
validator, so the expected answer itself is verified, not only portlint's."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from portlint.contract.schema_diff import compare, is_breaking
from portlint.meaning import Reader

OBJ: dict[str, Any] = {"type": "object"}

# (id, old, new, expected {(kind, path, breaking for an input)}, witness or None)
PAIRS: list[tuple[str, Any, Any, set[tuple[str, str, bool]], Any]] = [
    ("type-array-vs-anyOf", {"type": ["string", "null"]},
     {"anyOf": [{"type": "null"}, {"type": "string"}]}, set(), None),
    ("const-vs-enum", {"const": 1}, {"enum": [1]}, set(), None),
    ("true-vs-empty", True, {}, set(), None),
    # what admits nothing, however it is written, and what admits everything
    ("false-vs-not-empty", False, {"not": {}}, set(), None),
    ("false-vs-not-true", {"not": True}, False, set(), None),
    ("true-vs-not-false", True, {"not": False}, set(), None),
    ("empty-vs-double-not", {}, {"not": {"not": {}}}, set(), None),
    ("property-false-vs-not-empty", {**OBJ, "properties": {"a": False}},
     {**OBJ, "properties": {"a": {"not": {"description": "none"}}}}, set(), None),
    ("true-to-false", True, {"not": {}}, {("type-narrowed", "type", True)}, 1),
    ("false-to-empty", {"not": True}, {}, {("type-widened", "type", False)}, None),
    ("ref-inlined", {**OBJ, "properties": {"a": {"$ref": "#/$defs/A"}},
                     "$defs": {"A": {"type": "string"}}},
     {**OBJ, "properties": {"a": {"type": "string"}}}, set(), None),
    ("integer-exclusive-minimum", {"type": "integer", "minimum": 0},
     {"type": "integer", "exclusiveMinimum": -1}, set(), None),
    ("enum-reordered", {"enum": ["a", "b"]}, {"enum": ["b", "a"]}, set(), None),
    ("required-reordered", {**OBJ, "properties": {"a": {}, "b": {}}, "required": ["a", "b"]},
     {**OBJ, "properties": {"a": {}, "b": {}}, "required": ["b", "a"]}, set(), None),
    ("oneOf-disjoint-types", {"oneOf": [{"type": "string"}, {"type": "integer"}]},
     {"anyOf": [{"type": "integer"}, {"type": "string"}]}, set(), None),
    ("single-allOf", {"allOf": [{"type": "string", "minLength": 2}]},
     {"type": "string", "minLength": 2}, set(), None),
    ("property-removed", {**OBJ, "properties": {"a": {"type": "string"}, "b": {}}},
     {**OBJ, "properties": {"a": {"type": "string"}}},
     {("property-removed", "properties.b", True)}, None),
    ("newly-required", {**OBJ, "properties": {"a": {}}}, {**OBJ, "properties": {"a": {}},
                                                         "required": ["a"]},
     {("newly-required", "required", True)}, {}),
    ("no-longer-required", {**OBJ, "properties": {"a": {}}, "required": ["a"]},
     {**OBJ, "properties": {"a": {}}}, {("no-longer-required", "required", False)}, None),
    ("type-narrowed", {"type": ["string", "integer"]}, {"type": "string"},
     {("type-narrowed", "type", True)}, 3),
    ("number-to-integer", {"type": "number"}, {"type": "integer"},
     {("type-narrowed", "type", True)}, 1.5),
    ("integer-to-number", {"type": "integer"}, {"type": "number"},
     {("type-widened", "type", False)}, None),
    ("enum-value-removed", {"enum": ["a", "b", "c"]}, {"enum": ["a", "c"]},
     {("enum-value-removed", "enum", True)}, "b"),
    ("enum-value-added", {"enum": ["a"]}, {"enum": ["a", "b"]},
     {("enum-value-added", "enum", False)}, None),
    ("additional-closed", {**OBJ, "properties": {"a": {}}},
     {**OBJ, "properties": {"a": {}}, "additionalProperties": False},
     {("additional-properties-closed", "additionalProperties", True)}, {"z": 1}),
    ("additional-opened", {**OBJ, "additionalProperties": False}, OBJ,
     {("additional-properties-opened", "additionalProperties", False)}, None),
    ("bound-tightened", {"type": "string", "maxLength": 10}, {"type": "string", "maxLength": 5},
     {("bound-tightened", "maxLength", True)}, "abcdefg"),
    ("minimum-raised", {"type": "number", "minimum": 0}, {"type": "number", "minimum": 1},
     {("bound-tightened", "minimum", True)}, 0.5),
    # a bound beyond any float (`1e400` reads as infinity): compared, never rounded
    ("integer-minimum-infinite", {"type": "integer", "minimum": -float("inf")},
     {"type": "integer", "minimum": float("inf")}, {("bound-tightened", "minimum", True)}, 1),
    ("integer-maximum-infinite", {"type": "integer", "maximum": float("inf")},
     {"type": "integer", "exclusiveMaximum": float("inf")}, set(), None),
    # integers compared as integers: through a float, 2**53 + 1 and 2**53 are one number, and
    # 10**400 is none at all
    ("integer-maximum-beyond-float-precision", {"type": "integer", "maximum": 2**53 + 1},
     {"type": "integer", "maximum": 2**53}, {("bound-tightened", "maximum", True)}, 2**53 + 1),
    ("number-maximum-beyond-float-range", {"type": "number", "maximum": 10**400},
     {"type": "number", "maximum": 10**400 - 1}, {("bound-tightened", "maximum", True)},
     10**400),
    ("integer-bound-vs-equal-float", {"type": "number", "maximum": 2**60},
     {"type": "number", "maximum": 2.0**60}, set(), None),
    ("integer-bound-vs-infinite-float", {"type": "integer", "maximum": 10**400},
     {"type": "integer", "maximum": float("inf")}, {("bound-loosened", "maximum", False)}, None),
    ("integer-exclusive-maximum-huge", {"type": "integer", "exclusiveMaximum": 10**400},
     {"type": "integer", "maximum": 10**400 - 1}, set(), None),
    ("maxLength-huge", {"type": "string", "maxLength": 10**400},
     {"type": "string", "maxLength": 10**400 - 1}, {("bound-tightened", "maxLength", True)},
     None),
    ("multipleOf-decimal", {"type": "number", "multipleOf": 0.1},
     {"type": "number", "multipleOf": 0.3}, {("bound-tightened", "multipleOf", True)}, 0.2),
    ("multipleOf-huge", {"type": "integer", "multipleOf": 10**400},
     {"type": "integer", "multipleOf": 3 * 10**400}, {("bound-tightened", "multipleOf", True)},
     10**400),
    ("multipleOf-coarser", {"type": "integer", "multipleOf": 2},
     {"type": "integer", "multipleOf": 4}, {("bound-tightened", "multipleOf", True)}, 6),
    ("pattern-added", {"type": "string"}, {"type": "string", "pattern": "^a"},
     {("pattern-added", "pattern", True)}, "b"),
    ("items-narrowed", {"type": "array", "items": {"type": ["string", "number"]}},
     {"type": "array", "items": {"type": "string"}},
     {("type-narrowed", "items.type", True)}, [1]),
    ("nested-through-ref", {**OBJ, "properties": {"loc": {"$ref": "#/$defs/L"}},
                            "$defs": {"L": {**OBJ, "properties": {"city": {"type": "string"}}}}},
     {**OBJ, "properties": {"loc": {**OBJ, "properties": {"city": {"type": "string"}},
                                    "required": ["city"]}}},
     {("newly-required", "properties.loc.required", True)}, {"loc": {}}),
    ("anyOf-branch-removed", {"anyOf": [{"type": "string"}, {"type": "null"}]},
     {"type": "string"}, {("type-narrowed", "type", True)}, None),
    ("not-changed", {"not": {"type": "string"}}, {"not": {"type": "integer"}},
     {("changed", "not", True)}, 1),
    ("description-only", {"type": "string", "description": "a"},
     {"type": "string", "description": "b"}, {("annotation-changed", "description", False)},
     None),
    ("anyOf-to-oneOf-overlapping", {"anyOf": [{"type": "number"}, {"type": "number",
                                                                     "minimum": 0}]},
     {"oneOf": [{"type": "number"}, {"type": "number", "minimum": 0}]},
     {("exclusive-branches", "oneOf", True)}, 1),
    # an integer is a number too: 1 matches both branches
    ("anyOf-to-oneOf-number-integer", {"anyOf": [{"type": "number"}, {"type": "integer"}]},
     {"oneOf": [{"type": "number"}, {"type": "integer"}]},
     {("exclusive-branches", "oneOf", True)}, 1),
    ("anyOf-to-oneOf-enum-integer", {"anyOf": [{"enum": [1.0, "a"]}, {"type": "integer"}]},
     {"oneOf": [{"enum": [1.0, "a"]}, {"type": "integer"}]},
     {("exclusive-branches", "oneOf", True)}, 1),
    # provably exclusive: no value matches two branches, so nothing changes
    ("anyOf-to-oneOf-string-null", {"anyOf": [{"type": "string"}, {"type": "null"}]},
     {"oneOf": [{"type": "null"}, {"type": "string"}]}, set(), None),
    ("anyOf-to-oneOf-disjoint-enums", {"anyOf": [{"enum": ["a", 1]}, {"enum": ["b", 2.5]}]},
     {"oneOf": [{"enum": ["a", 1]}, {"enum": ["b", 2.5]}]}, set(), None),
    ("anyOf-to-oneOf-fraction-vs-integer", {"anyOf": [{"enum": [1.5]}, {"type": "integer"}]},
     {"oneOf": [{"enum": [1.5]}, {"type": "integer"}]}, set(), None),
    ("anyOf-to-oneOf-discriminated",
     {"anyOf": [{**OBJ, "properties": {"kind": {"const": "a"}}, "required": ["kind"]},
                {**OBJ, "properties": {"kind": {"const": "b"}, "x": {}}, "required": ["kind"]}]},
     {"oneOf": [{**OBJ, "properties": {"kind": {"const": "a"}}, "required": ["kind"]},
                {**OBJ, "properties": {"kind": {"const": "b"}, "x": {}}, "required": ["kind"]}]},
     set(), None),
    # bounds that leave no value between the branches (a number, a size)
    ("anyOf-to-oneOf-ranges-apart",
     {"anyOf": [{"type": "integer", "maximum": 5}, {"type": "number", "minimum": 5.5}]},
     {"oneOf": [{"type": "integer", "maximum": 5}, {"type": "number", "minimum": 5.5}]},
     set(), None),
    ("anyOf-to-oneOf-exclusive-bound-meets",
     {"anyOf": [{"type": "number", "exclusiveMaximum": 0}, {"type": "number", "minimum": 0}]},
     {"oneOf": [{"type": "number", "exclusiveMaximum": 0}, {"type": "number", "minimum": 0}]},
     set(), None),
    ("anyOf-to-oneOf-lengths-apart",
     {"anyOf": [{"type": "string", "maxLength": 1}, {"type": "string", "minLength": 2}]},
     {"oneOf": [{"type": "string", "maxLength": 1}, {"type": "string", "minLength": 2}]},
     set(), None),
    # bounds that meet: 0 matches both
    ("anyOf-to-oneOf-bounds-meet",
     {"anyOf": [{"type": "number", "maximum": 0}, {"type": "number", "minimum": 0}]},
     {"oneOf": [{"type": "number", "maximum": 0}, {"type": "number", "minimum": 0}]},
     {("exclusive-branches", "oneOf", True)}, 0),
    ("anyOf-to-oneOf-lengths-meet",
     {"anyOf": [{"type": "string", "maxLength": 2}, {"type": "string", "minLength": 2}]},
     {"oneOf": [{"type": "string", "maxLength": 2}, {"type": "string", "minLength": 2}]},
     {("exclusive-branches", "oneOf", True)}, "ab"),
    ("oneOf-overlapping-reordered", {"oneOf": [{"type": "number"}, {"type": "integer"}]},
     {"oneOf": [{"type": "integer"}, {"type": "number"}]}, set(), None),
    # both sides overlapping `oneOf`s, their branches changed: portlint cannot tell
    ("oneOf-overlapping-branch-added", {"oneOf": [{"type": "number"}, {"type": "integer"}]},
     {"oneOf": [{"type": "number"}, {"type": "integer"}, {"type": "number", "minimum": 5}]},
     {("alternative-added", "", False), ("exclusive-branches", "oneOf", True)}, 6.5),
]


def _changes(old: Any, new: Any) -> set[tuple[str, str, bool]]:
    from portlint.paths import display_path

    found = compare(Reader(old).read(old, ()), Reader(new).read(new, ()))
    return {(c.kind, display_path(c.path), is_breaking(c, "input")) for c in found}


@pytest.mark.parametrize(("old", "new", "expected", "witness"),
                         [p[1:] for p in PAIRS], ids=[p[0] for p in PAIRS])
def test_known_pairs(old: Any, new: Any, expected: set[tuple[str, str, bool]],
                     witness: Any) -> None:
    assert _changes(old, new) == expected
    if witness is not None:  # the validator agrees that the change refuses this call
        assert jsonschema.Draft202012Validator(old).is_valid(witness)
        assert not jsonschema.Draft202012Validator(new).is_valid(witness)


@pytest.mark.parametrize(("old", "new"), [(p[1], p[2]) for p in PAIRS if not p[3]],
                         ids=[p[0] for p in PAIRS if not p[3]])
def test_equal_meanings_admit_the_same_values(old: Any, new: Any) -> None:
    """A pair found unchanged admits exactly the same values (sampled)."""
    samples: list[Any] = [None, True, False, 0, 1, -1, 1.5, "", "a", "ab", "xyz", [], [1],
                          ["a"], {}, {"a": 1}, {"a": "x", "b": 2}, {"loc": {}}]
    before = jsonschema.Draft202012Validator(old)
    after = jsonschema.Draft202012Validator(new)
    assert [before.is_valid(s) for s in samples] == [after.is_valid(s) for s in samples]


def test_output_direction_reverses_the_verdict() -> None:
    old = {**OBJ, "properties": {"a": {}}, "required": ["a"]}
    new = {**OBJ, "properties": {"a": {}}}
    (change,) = compare(Reader(old).read(old, ()), Reader(new).read(new, ()))
    assert change.kind == "no-longer-required"
    assert not is_breaking(change, "input")
    assert is_breaking(change, "output")


@pytest.mark.parametrize(("old", "new", "message"), [
    (True, False, "The schema now admits no value at all (`false`)."),
    ({"type": "string"}, {"not": {}}, "The schema now admits no value at all (`false`)."),
    (False, {}, "The schema admitted no value at all (`false`) and now admits any value."),
    ({"not": True}, {"type": ["string", "null"]},
     "The schema admitted no value at all (`false`) and now admits `null`, `string` values."),
])
def test_boolean_schema_messages(old: Any, new: Any, message: str) -> None:
    (change,) = compare(Reader(old).read(old, ()), Reader(new).read(new, ()))
    assert change.message == message


@pytest.mark.parametrize(("old", "new", "message"), [
    ({"type": "integer", "maximum": 2**53 + 1}, {"type": "integer", "maximum": 2**53},
     "The upper bound went from <= 9007199254740993 to <= 9007199254740992."),
    ({"type": "number", "minimum": -(10**400)}, {"type": "number", "minimum": 1 - 10**400},
     "The lower bound went from >= -10000000000000000...000000000000000000 (401 digits) to >= "
     "-99999999999999999...999999999999999999 (400 digits)."),
    ({"type": "integer", "exclusiveMinimum": 0.5}, {"type": "integer", "minimum": 2},
     "The lower bound went from >= 1 to >= 2."),
    ({"type": "number", "maximum": 1.5}, {"type": "number", "maximum": float("inf")},
     "The upper bound went from <= 1.5 to <= inf."),
    ({"type": "string", "maxLength": 10**400}, {"type": "string", "maxLength": 3},
     "`maxLength` went from 100000000000000000...000000000000000000 (401 digits) to 3."),
    ({"type": "number", "multipleOf": 0.1}, {"type": "number", "multipleOf": 0.25},
     "`multipleOf` went from 0.1 to 0.25: some values are refused, others admitted."),
])
def test_number_messages_show_the_written_values(old: Any, new: Any, message: str) -> None:
    (change,) = compare(Reader(old).read(old, ()), Reader(new).read(new, ()))
    assert change.message == message


def test_recursive_schema_compares_without_looping() -> None:
    tree = {"$defs": {"N": {**OBJ, "properties": {"kids": {"type": "array",
                                                           "items": {"$ref": "#/$defs/N"}}}}},
            "$ref": "#/$defs/N"}
    assert _changes(tree, tree) == set()
