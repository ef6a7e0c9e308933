"""invalid-schema checks only the keywords the pre-check suspects, one keyword at a time; that
finds exactly the failures (path and dialect) whole-schema ``jsonschema`` validation finds — on
the JSON Schema Test Suite, the corpus, and mutations of both."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft7Validator, Draft202012Validator

from portlint.rules.invalid_schema import find_failures, leaves
from portlint.rules.metaschema_precheck import may_be_invalid
from portlint.walk import walk, walk_indexed
from tests.support.corpus import SCHEMA_TEST_SUITE, available, corpus_files
from tests.support.generated import Chooser, input_schema

META_2020 = Draft202012Validator(Draft202012Validator.META_SCHEMA)
META_07 = Draft7Validator(Draft7Validator.META_SCHEMA)


def _invalid(schema: Any) -> bool:
    return not META_2020.is_valid(schema) or not META_07.is_valid(schema)


def _whole(schema: Any) -> set[tuple[tuple[Any, ...], str]]:
    return {(tuple(leaf.absolute_path), dialect)
            for dialect, meta in (("2020-12", META_2020), ("draft-07", META_07))
            for e in meta.iter_errors(schema) for leaf in leaves(e)}


def _keyword_by_keyword(schema: Any) -> set[tuple[tuple[Any, ...], str]]:
    positions, index, _ = walk_indexed(schema)  # as the linter calls it, with the walk's index
    failures = find_failures(schema, positions, index)
    assert list(failures) == list(find_failures(schema, positions))  # same order without it
    return {(where, dialect) for where, (_, dialects) in failures.items() for dialect in dialects}


def _suite_schemas() -> Iterator[Any]:
    for dialect in ("draft2020-12", "draft7"):
        for path in sorted((SCHEMA_TEST_SUITE / dialect).rglob("*.json")):
            for group in json.loads(path.read_text(encoding="utf-8")):
                yield group["schema"]


def _corpus_schemas() -> Iterator[Any]:
    for path in corpus_files():
        if path.suffix not in (".json", ".snap"):
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


SCHEMAS = [*_suite_schemas(), *_corpus_schemas()] if available() else []
GENERATED = [input_schema(Chooser(random.Random(seed))) for seed in range(600)]


@pytest.mark.shared_data
def test_exact_on_the_suite_and_the_corpus() -> None:
    flagged = invalid = 0
    for schema in SCHEMAS:
        maybe = may_be_invalid(schema, walk(schema))
        bad = _invalid(schema)
        assert maybe or not bad, schema
        assert _keyword_by_keyword(schema) == _whole(schema), schema
        flagged += maybe
        invalid += bad
    assert len(SCHEMAS) > 4000 and invalid > 1500  # the corpus holds many invalid schemas (see the corpus snapshot)
    assert flagged - invalid < 0.02 * len(SCHEMAS)  # and the pre-check rarely flags a valid one


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.floats(-2, 2, allow_nan=False)
    | st.sampled_from(["", "a", "string", "#x", "object", "int"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["type", "items", "properties", "required", "a", "minLength"]), inner,
        max_size=3),
    max_leaves=6)
KEYWORDS = sorted({
    "type", "items", "prefixItems", "properties", "patternProperties", "additionalProperties",
    "required", "enum", "const", "minLength", "maxItems", "multipleOf", "minimum",
    "exclusiveMinimum", "allOf", "anyOf", "oneOf", "not", "if", "then", "else", "$ref", "$id",
    "$anchor", "$defs", "definitions", "dependencies", "dependentRequired", "dependentSchemas",
    "uniqueItems", "format", "pattern", "title", "default", "examples", "contains",
    "additionalItems", "$vocabulary", "propertyNames", "unevaluatedItems", "deprecated"})


def _positions(schema: Any) -> list[list[Any]]:
    """Paths of the object subschemas of ``schema``, from the walk."""
    return [list(p.path) for p in walk(schema) if isinstance(p.value, dict)]


def test_exact_on_generated_schemas() -> None:
    for schema in GENERATED:
        assert may_be_invalid(schema, walk(schema)) or not _invalid(schema), schema
        assert _keyword_by_keyword(schema) == _whole(schema), schema


@pytest.mark.parametrize("pool", ["generated", pytest.param("shared", marks=pytest.mark.shared_data)])
@settings(max_examples=400, deadline=None)
@given(data=st.data())
def test_exact_on_mutations(pool: str, data: st.DataObject) -> None:
    schemas = GENERATED if pool == "generated" else SCHEMAS[:600]
    schema = json.loads(json.dumps(data.draw(st.sampled_from(schemas))))
    targets = _positions(schema)
    if not targets:
        return
    where = data.draw(st.sampled_from(targets))
    node = schema
    for part in where:
        node = node[part]
    node[data.draw(st.sampled_from(KEYWORDS))] = data.draw(json_values)
    assert _keyword_by_keyword(schema) == _whole(schema), schema
    if not may_be_invalid(schema, walk(schema)):
        assert not _invalid(schema), schema
