"""invalid-schema's shortcut for failures known from a value's type alone
(:mod:`portlint.rules.metaschema_types`) says exactly what ``jsonschema`` says: the same
failures, at the same paths, for the same dialects, described the same way — for every
keyword the metaschemas constrain, values of every JSON kind, generated schemas and their
mutations, and (with the shared data) the JSON Schema Test Suite and the corpus."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from portlint.rules import invalid_schema, metaschema_types
from portlint.rules.metaschema_precheck import _CHECKS, _SIMPLE
from portlint.source.numbers import LongInteger, SpelledInteger
from portlint.walk import walk_indexed
from tests.support.corpus import SCHEMA_TEST_SUITE, corpus_files
from tests.support.generated import Chooser, input_schema

Failures = dict[tuple[Any, ...], tuple[str, list[str]]]


def _failures(schema: Any, shortcut: bool) -> Failures:
    invalid_schema._cached_errors.cache_clear()
    invalid_schema._described.cache_clear()
    saved = invalid_schema.known_failures
    if not shortcut:
        invalid_schema.known_failures = lambda dialect, instance: None  # type: ignore[assignment]
    try:
        positions, index, _ = walk_indexed(schema)
        return invalid_schema.find_failures(schema, positions, index)
    finally:
        invalid_schema.known_failures = saved
        invalid_schema._cached_errors.cache_clear()
        invalid_schema._described.cache_clear()


def _same(schema: Any) -> None:
    assert _failures(schema, True) == _failures(schema, False), schema


KEYWORDS = sorted(set(_SIMPLE) | set(_CHECKS) | {"type", "items"})
VALUES: list[Any] = [
    "x", "dict", "string", "", 3, 0, -1, 2.0, 1.5, True, False, None, {}, {"a": 1},
    {"type": "string"}, {"type": "dict"}, [], [1], ["a", "a"], ["string", "dict"],
    [{"type": "string"}], [{"type": "float"}, {"type": "string"}], [True, {}], [{}, 3],
    # the readers' integer literals (int subclasses): of any length, or spelled in hex
    LongInteger.parse("-" + "9" * 80), LongInteger.parse("9" * 80), SpelledInteger.of(255, "0xff"),
]


@pytest.mark.parametrize("keyword", KEYWORDS)
def test_every_keyword_and_kind_of_value(keyword: str) -> None:
    for value in VALUES:
        _same({keyword: value})
        _same({"type": "object", "properties": {"p": {keyword: value}}})
        _same({"items": [{keyword: value}]})  # where only draft-07 looks


def test_the_shortcut_is_taken_for_the_common_failures() -> None:
    for instance in ({"type": "dict"}, {"properties": None}, {"exclusiveMinimum": True},
                     {"items": [{"type": "string"}]}, {"required": "name"}):
        for dialect in ("2020-12", "draft-07"):
            assert metaschema_types.known_failures(dialect, instance) is not None, instance
    # a value of an allowed type that may break a finer constraint is left to jsonschema
    for instance in ({"minLength": -1}, {"type": ["string", "dict"]}, {"required": [1]},
                     {"$anchor": "1x"}, {"prefixItems": []}):
        assert metaschema_types.known_failures("2020-12", instance) is None, instance


def test_a_tool_list_with_only_such_failures_does_not_import_jsonschema(tmp_path: Any) -> None:
    tools = {"tools": [
        {"name": "a", "inputSchema": {"type": "dict", "properties": {"n": {"type": "float"}}}},
        {"name": "b", "inputSchema": {"type": "object", "properties": None,
                                      "items": [{"type": "string"}]}},
        {"name": "c", "inputSchema": {"type": "object", "properties": {
            "n": {"type": "number", "minimum": 0, "exclusiveMinimum": True}}}},
    ]}
    path = tmp_path / "tools.json"
    path.write_text(json.dumps(tools))

    def run(shortcut: bool) -> tuple[str, str]:
        script = ("import sys; from portlint.rules import invalid_schema; "
                  + ("" if shortcut else "invalid_schema.known_failures = lambda d, i: None; ")
                  + "from portlint.cli.main import main; "
                  f"code = main(['check', {str(path)!r}]); "
                  "print('jsonschema' in sys.modules, code, file=sys.stderr)")
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                              timeout=120)
        return done.stdout, done.stderr.strip().splitlines()[-1]

    fast, slow = run(True), run(False)
    assert fast[1] == "False 1" and slow[1] == "True 1"
    assert fast[0] == slow[0]
    assert fast[0].count("[invalid-schema]") == 5


GENERATED = [input_schema(Chooser(random.Random(seed))) for seed in range(300)]


def test_generated_schemas() -> None:
    for schema in GENERATED:
        _same(schema)


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_mutations(data: st.DataObject) -> None:
    schema = json.loads(json.dumps(data.draw(st.sampled_from(GENERATED))))
    objects = [p for p in walk_indexed(schema)[0] if isinstance(p.value, dict)]
    if not objects:
        return
    node = data.draw(st.sampled_from(objects)).value
    node[data.draw(st.sampled_from(KEYWORDS))] = data.draw(st.sampled_from(VALUES))
    _same(schema)


def _shared_schemas() -> Iterator[Any]:
    for dialect in ("draft2020-12", "draft7"):
        for path in sorted((SCHEMA_TEST_SUITE / dialect).rglob("*.json")):
            for group in json.loads(path.read_text(encoding="utf-8")):
                yield group["schema"]
    for path in corpus_files():
        if path.suffix != ".json":
            continue
        stack = [json.loads(path.read_text(encoding="utf-8"))]
        while stack:
            node = stack.pop()
            if isinstance(node, dict):
                for key, value in node.items():
                    if key in ("inputSchema", "outputSchema", "parameters"):
                        yield value
                    stack.append(value)
            elif isinstance(node, list):
                stack.extend(node)


@pytest.mark.shared_data
def test_the_suite_and_the_corpus() -> None:
    count = 0
    for schema in _shared_schemas():
        _same(schema)
        count += 1
    assert count > 4000
