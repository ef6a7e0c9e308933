"""root-combinator's message names the combinator with its article and counts its branches in
the right number; a one-entry `allOf` whose entry is itself an `allOf` gets no merge fix (the
merged root would be the same finding again)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from portlint.fixer import fix_all
from portlint.linter import lint_text
from portlint.settings import Settings

_ONLY = Settings(select=frozenset(("root-combinator",)))


def _findings(schema: dict[str, Any]) -> list[tuple[str, str, tuple[str, ...]]]:
    text = json.dumps({"name": "t", "inputSchema": schema})
    return [(f.rule, f.message.split(". ")[0], tuple(x.title for x in f.fixes))
            for f in lint_text(text, "t.json", _ONLY).findings]


def test_one_entry_is_one_branch() -> None:
    schema = {"type": "object", "allOf": [{"properties": {"q": {"type": "string"}}}]}
    assert _findings(schema) == [(
        "root-combinator", "The input schema's root is an `allOf` of 1 branch",
        ("Merge the single `allOf` entry into the root (same contract)",))]


def test_two_entries_are_branches() -> None:
    schema = {"type": "object", "anyOf": [{"required": ["a"]}, {"required": ["b"]}]}
    rule, sentence, _ = _findings(schema)[0]
    assert (rule, sentence) == ("root-combinator",
                                "The input schema's root is an `anyOf` of 2 branches")


def test_an_entry_that_is_itself_an_allof_is_not_merged() -> None:
    schema = {"type": "object", "allOf": [{"allOf": [{"properties": {"q": {}}}]}]}
    assert _findings(schema) == [(
        "root-combinator", "The input schema's root is an `allOf` of 1 branch", ())]


def test_a_keyword_on_both_sides_with_one_value_is_merged_once() -> None:
    schema = {"type": "object", "allOf": [{"type": "object", "properties": {"q": {}}}]}
    assert _findings(schema) == [(
        "root-combinator", "The input schema's root is an `allOf` of 1 branch",
        ("Merge the single `allOf` entry into the root (same contract)",))]


@pytest.mark.parametrize("schema", [
    # another value: not one constraint
    {"type": "object", "description": "a", "allOf": [{"description": "b"}]},
    # the same number, another JSON spelling of it (Python's == says 1 == 1.0 == True)
    {"type": "object", "minProperties": 1, "allOf": [{"minProperties": 1.0}]},
    {"type": "object", "const": True, "allOf": [{"const": 1}]},
    # `additionalProperties: false` alone admits `{}` only; beside `properties`, more
    {"type": "object", "additionalProperties": False,
     "allOf": [{"additionalProperties": False, "properties": {"q": {}}}]},
])
def test_no_merge_where_the_two_sides_do_not_say_one_thing(schema: dict[str, Any]) -> None:
    assert _findings(schema) == [(
        "root-combinator", "The input schema's root is an `allOf` of 1 branch", ())]


@pytest.mark.parametrize(("name", "text", "fixed"), [
    ("t.json",
     '{"name": "a", "inputSchema": {\n  "type": "object",\n  "description": "Find it.",\n'
     '  "allOf": [\n    {\n      "type": "object",\n      "description": "Find it.",\n'
     '      "properties": {"q": {"type": "string"}}\n    }\n  ]\n}}\n',
     '{"name": "a", "inputSchema": {\n  "type": "object",\n  "description": "Find it.",\n'
     '  "properties": {"q": {"type": "string"}}\n}}\n'),
    ("t.yaml",
     "name: a\ninputSchema:\n  type: object\n  allOf:\n    - type: object\n"
     "      properties:\n        q: {type: string}\n",
     "name: a\ninputSchema:\n  type: object\n  properties:\n    q: {type: string}\n"),
    # a flow entry's members become block lines of the block root
    ("t.yaml",
     "name: a\ninputSchema:\n  type: object\n  additionalProperties: false\n"
     "  properties: {q: {}}\n  allOf:\n"
     "    - {type: object, additionalProperties: false, properties: {q: {}}, ? title}\n",
     "name: a\ninputSchema:\n  type: object\n  additionalProperties: false\n"
     "  properties: {q: {}}\n  title:\n"),
    ("t.yaml",
     "name: a\ninputSchema:\n  type: object\n  allOf: [{properties: {q: {}}, required: [q,\n"
     "      q]}]\n",
     "name: a\ninputSchema:\n  type: object\n  properties: {q: {}}\n  required: [q,\n"
     "      q]\n"),
])
def test_the_merge_drops_the_roots_copy(name: str, text: str, fixed: str) -> None:
    outcome = fix_all(text, lambda t: lint_text(t, name, _ONLY))
    assert outcome.text == fixed
    assert list(outcome.result.findings) == []


def test_a_flow_entry_whose_value_would_leave_its_member_is_not_merged() -> None:
    # `q]` on a line of its own at the root's column would end the root's member
    text = ("name: a\ninputSchema:\n  type: object\n  allOf: [{properties: {q: {}}, required: [q,\n"
            "  q]}]\n")
    finding, = lint_text(text, "t.yaml", _ONLY).findings
    assert (finding.rule, finding.fixes) == ("root-combinator", ())
