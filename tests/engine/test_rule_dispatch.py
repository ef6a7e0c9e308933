"""Rules are given only the roots that carry their trigger keywords or facts — and that choice
never changes a finding."""

from __future__ import annotations

import json

import pytest

from portlint.linter import lint_text
from portlint.rules.base import FACTS, Fact, RootContext
from portlint.rules.selection import active_rules
from portlint.settings import Settings
from portlint.shapes import SchemaRoot
from portlint.walk import walk_indexed
from tests.support.corpus import corpus_files
from tests.support.generated import corpus


def _facts(schema: object) -> frozenset[Fact]:
    positions, keywords, booleans = walk_indexed(schema, ())
    ctx = RootContext(SchemaRoot((), "input", None, schema), positions, keywords, Settings(),
                      booleans)
    return ctx.facts(FACTS)


def test_each_fact_is_held_exactly_when_some_subschema_shows_it() -> None:
    assert _facts({"type": "object", "properties": {"a": {"type": "string"}}}) == frozenset()
    assert _facts({"type": "object", "properties": {"a": {"type": ["string", "null"]}}}) == {
        Fact.TYPE_ARRAY}
    assert _facts({"type": "object", "properties": {"a": {"type": ["array", "null"]}}}) == {
        Fact.TYPE_ARRAY, Fact.DECLARES_ARRAY}
    assert _facts({"type": "object", "properties": {"a": {"type": "array"}}}) == {
        Fact.DECLARES_ARRAY}
    assert _facts({"type": "object", "additionalProperties": False}) == {Fact.BOOLEAN_SCHEMA}
    assert _facts(True) == {Fact.BOOLEAN_SCHEMA}
    # data is not a subschema: a `type` array or `false` inside `default` holds no fact
    assert _facts({"type": "object", "default": {"type": ["a", "b"], "x": False}}) == frozenset()


def test_a_key_named_like_a_fact_is_harmless() -> None:
    text = json.dumps({"tools": [{"name": "t", "inputSchema": {
        "type": "object", "properties": {Fact.TYPE_ARRAY.value: {"type": "string"}}}}]})
    assert lint_text(text, "t.json").findings == []


@pytest.mark.parametrize("source", ["generated", pytest.param("shared", marks=pytest.mark.shared_data)])
def test_dispatch_by_triggers_and_facts_equals_giving_every_rule_every_root(source: str) -> None:
    settings = Settings(targets=("all",)) if source == "generated" else Settings()
    everywhere = [rule._replace(triggers=None) for rule in active_rules(settings).rules]
    compared = 0
    texts = list(corpus().items()) if source == "generated" else [
        (p.name, p.read_text(encoding="utf-8")) for p in corpus_files()]
    for name, text in texts:
        chosen = lint_text(text, name, settings).findings
        assert chosen == lint_text(text, name, settings, rules=everywhere).findings, name
        compared += len(chosen)
    assert compared > 1000  # the documents were found and have findings to compare
