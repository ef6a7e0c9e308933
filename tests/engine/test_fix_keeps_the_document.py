"""Safe fixes keep the document loadable and the contract whole where the text around the edit
is unusual: a YAML block mapping left without members, a tagged YAML scalar replaced by a
mapping, an array beside `unevaluatedItems` (hostile inputs found each)."""

from __future__ import annotations

import json

import jsonschema
import pytest
import yaml

from portlint.config import parse_config
from portlint.fixer import fix_all
from portlint.linter import LintResult, lint_text


def _fixed(text: str, name: str, config: dict[str, object]) -> str:
    settings = parse_config(config, "test").settings

    def lint(current: str) -> LintResult:
        return lint_text(current, name, settings)

    return fix_all(text, lint).text


@pytest.mark.parametrize(("text", "config", "expected"), [
    # local-ref removes the only member of `p`: `p:` alone would be null, not a schema
    ("name: t\ninputSchema:\n  type: object\n  properties:\n    p:\n      $defs:\n"
     "        A: {type: string}\n",
     {"targets": ["gemini"]},
     "name: t\ninputSchema:\n  type: object\n  properties:\n    p: {}\n"),
    # strict-keyword removes the only member of `v`
    ("name: t\ninputSchema:\n  type: object\n  properties:\n    v:\n      x-vendor-hint: true\n"
     "  required: [v]\n  additionalProperties: false\n",
     {"targets": ["openai-strict"]},
     "name: t\ninputSchema:\n  type: object\n  properties:\n    v: {}\n  required: [v]\n"
     "  additionalProperties: false\n"),
    # a `!!bool` tag cannot stay on the mapping that replaces `false`
    ("tools:\n  - name: t\n    inputSchema:\n      type: object\n      properties:\n"
     "        a: !!bool false\n        b: &keep !!bool false\n",
     {},
     "tools:\n  - name: t\n    inputSchema:\n      type: object\n      properties:\n"
     "        a: {not: {}}\n        b: &keep {not: {}}\n"),
])
def test_a_yaml_fix_leaves_a_document_that_loads(text: str, config: dict[str, object],
                                                 expected: str) -> None:
    fixed = _fixed(text, "tools.yaml", config)
    assert fixed == expected
    assert yaml.safe_load(fixed) is not None


@pytest.mark.parametrize("schema", [
    {"type": "array", "unevaluatedItems": False},
    {"type": "array", "contains": {"type": "string"}, "unevaluatedItems": False},
    {"allOf": [{"type": "array"}], "unevaluatedItems": False},
])
def test_items_are_not_added_where_unevaluated_items_counts_them(
        schema: dict[str, object]) -> None:
    document = {"name": "t", "inputSchema": {"type": "object", "properties": {"a": schema}}}
    text = json.dumps(document)
    fixed = _fixed(text, "tools.json", {"select": ["array-missing-items"]})
    assert fixed == text
    found = lint_text(text, "tools.json").findings
    plans = [plan for f in found if f.rule == "array-missing-items" for plan in f.fixes]
    assert [p.applicability.value for p in plans] == ["unsafe"]
    # what the unsafe fix would do: admit an array `unevaluatedItems` refused
    validator = jsonschema.Draft202012Validator(document["inputSchema"])
    assert not validator.is_valid({"a": [1]})


@pytest.mark.parametrize("schema", [
    # by anchor, and by URI against the root's `$id`: the table is still used
    {"type": "object", "properties": {"a": {"$ref": "#foo"}},
     "$defs": {"S": {"$anchor": "foo", "type": "string"}}},
    {"$id": "https://x/root", "type": "object",
     "properties": {"a": {"$ref": "https://x/root#/$defs/S"}},
     "$defs": {"S": {"type": "string"}}},
    # under draft-07 the keyword beside `$ref` is ignored: `allOf` would apply it
    {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
     "properties": {"a": {"$ref": "#/definitions/S", "maxLength": 1}},
     "definitions": {"S": {"type": "string"}}},
])
def test_local_ref_changes_nothing_it_cannot_keep(schema: dict[str, object]) -> None:
    text = json.dumps({"name": "t", "inputSchema": schema})
    assert _fixed(text, "tools.json", {"targets": ["gemini"], "select": ["local-ref"]}) == text


def test_an_unused_table_is_still_removed() -> None:
    schema = {"type": "object", "properties": {"a": {"type": "string"}},
              "$defs": {"S": {"type": "string"}}}
    text = json.dumps({"name": "t", "inputSchema": schema})
    fixed = _fixed(text, "tools.json", {"targets": ["gemini"], "select": ["local-ref"]})
    assert json.loads(fixed)["inputSchema"] == {"type": "object",
                                                "properties": {"a": {"type": "string"}}}
