"""Fixes that change the contract: applied, they produce exactly the documented result, and
``--fix`` never applies them without ``--unsafe-fixes``."""

from __future__ import annotations

import json
from typing import Any

from portlint.config import parse_config
from portlint.fixer import apply_edits, fix_all
from portlint.linter import lint_text
from portlint.model import Applicability
from portlint.rules.root_combinator import flatten
from portlint.settings import Settings


def _apply(text: str, rule: str, title_start: str, settings: Settings | None = None,
           name: str = "t.json") -> str:
    findings = [f for f in lint_text(text, name, settings).findings if f.rule == rule]
    fixes = [x for f in findings for x in f.fixes if x.title.startswith(title_start)]
    assert len(fixes) == 1, [x.title for f in findings for x in f.fixes]
    assert fixes[0].applicability is Applicability.UNSAFE
    return apply_edits(text, fixes[0].edits)


def _tool(schema: dict[str, Any]) -> str:
    return json.dumps({"name": "t", "inputSchema": schema})


def test_flatten_follows_the_collided_field_rule() -> None:
    branches = [
        {"type": "object", "required": ["kind", "n", "id", "note"], "properties": {
            "kind": {"const": "a"}, "n": {"type": "integer", "minimum": 0},
            "id": {"type": "string"}, "note": {"type": "string"}, "tag": {"enum": ["x", "y"]},
            "size": {"type": "integer"}, "only_a": {"type": "boolean"}}},
        {"type": "object", "required": ["kind", "n", "id"], "properties": {
            "kind": {"const": "b"}, "n": {"type": "integer", "minimum": 0},
            "id": {"type": ["string", "null"]}, "note": {"type": "string"}, "tag": {"type": "string"},
            "size": {"type": "number"}}},
    ]
    assert flatten(branches) == {"type": "object", "properties": {
        "kind": {"enum": ["a", "b"]},  # the discriminator: an enum of its branch values
        "n": {"type": "integer", "minimum": 0},  # every branch agrees: kept as declared
        "id": {"anyOf": [{"type": "string"}, {"type": "null"}]},  # nullability carried
        "note": {"type": "string"},
        "tag": {"type": "string"},  # an enum against a free string lands on string
        "size": {"type": "number"},  # integer and number land on number
        "only_a": {"type": "boolean"},  # in one branch only: its own schema
    }, "required": ["kind", "n", "id"]}  # required only where every branch requires it


def test_flatten_leaves_disagreeing_kinds_untyped() -> None:
    assert flatten([{"properties": {"v": {"type": "string"}}},
                    {"properties": {"v": {"type": "integer"}}}]) == {
        "type": "object", "properties": {"v": {}}}
    assert flatten([{"properties": {"v": {"type": "array", "items": {"type": "string"}}}},
                    {"properties": {"v": {"type": "array", "items": {"type": "integer"}}}}]) == {
        "type": "object", "properties": {"v": {"type": "array", "items": {}}}}


def test_root_union_flatten_fix_text() -> None:
    text = _tool({"type": "object", "properties": {"dry": {"type": "boolean"}}, "oneOf": [
        {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]},
        {"type": "object", "properties": {"url": {"type": "string"}}, "required": ["url"]}]})
    fixed = _apply(text, "root-combinator", "Flatten the `oneOf`")
    assert json.loads(fixed)["inputSchema"] == {"type": "object", "properties": {
        "path": {"type": "string"}, "url": {"type": "string"}, "dry": {"type": "boolean"}}}
    assert "must still validate" in next(x.title for f in lint_text(text, "t.json").findings
                                         for x in f.fixes if x.title.startswith("Flatten"))
    assert fix_all(text, lambda t: lint_text(t, "t.json")).text.count("oneOf") == 1


STRICT = parse_config({"targets": ["openai-strict"]}, "portlint.toml").settings


def test_strict_required_makes_everything_required_and_nullable() -> None:
    text = json.dumps({"type": "function", "name": "f", "parameters": {
        "type": "object", "additionalProperties": False, "properties": {
            "q": {"type": "string"}, "limit": {"type": "integer"},
            "order": {"type": "string", "enum": ["asc", "desc"]},
            "ref": {"$ref": "#/$defs/R"}},
        "required": ["q"], "$defs": {"R": {"type": "string"}}}})
    fixed = json.loads(_apply(text, "strict-required", "Make every property required", STRICT))
    assert fixed["parameters"]["required"] == ["q", "limit", "order", "ref"]
    assert fixed["parameters"]["properties"] == {
        "q": {"type": "string"}, "limit": {"type": ["integer", "null"]},
        "order": {"type": ["string", "null"], "enum": ["asc", "desc", None]},
        "ref": {"anyOf": [{"$ref": "#/$defs/R"}, {"type": "null"}]}}


def test_strict_additional_properties_narrowing_fix() -> None:
    text = json.dumps({"type": "function", "name": "f", "parameters": {
        "type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}})
    fixed = json.loads(_apply(text, "strict-additional-properties",
                              "Add `\"additionalProperties\": false` (narrows", STRICT))
    assert fixed["parameters"] == {"additionalProperties": False, "type": "object",
                                   "properties": {"q": {"type": "string"}}, "required": ["q"]}


def test_strict_keyword_removes_a_constraint() -> None:
    text = ("type: function\nname: f\nparameters:\n  type: object\n  additionalProperties: false\n"
            "  properties:\n    q:\n      type: string\n      minLength: 1\n  required: [q]\n")
    assert _apply(text, "strict-keyword", "Remove `minLength` (widens", STRICT, "t.yaml") == (
        "type: function\nname: f\nparameters:\n  type: object\n  additionalProperties: false\n"
        "  properties:\n    q:\n      type: string\n  required: [q]\n")


def test_invalid_type_name_fix() -> None:
    text = 'name: t\ninputSchema:\n  type: object\n  properties:\n    n: {type: int}\n'
    assert _apply(text, "invalid-schema", "Write `\"integer\"`", name="t.yaml") == (
        'name: t\ninputSchema:\n  type: object\n  properties:\n    n: {type: integer}\n')
    assert fix_all(text, lambda t: lint_text(t, "t.yaml")).text == text
    assert fix_all(text, lambda t: lint_text(t, "t.yaml"), unsafe=True).text == (
        'name: t\ninputSchema:\n  type: object\n  properties:\n    n: {type: integer}\n')
