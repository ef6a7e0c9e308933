"""Fuzzing: generated tool documents (legal and not) and mutated corpus files. The engine never
raises and no rule crashes; every range lies inside the text; every safe fix re-parses and
removes its finding. `bench/fuzz.py --count N` runs the same checks for as long as wanted."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tests.robustness.generators import mutations, to_text, tool_documents
from tests.robustness.invariants import check
from tests.support.corpus import corpus_files


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(document=tool_documents(), fmt=st.sampled_from(["json", "yaml"]), indent=st.booleans())
# found by bench/fuzz.py: strict-required hashed every `required` entry, an object among them
@example(document={"tools": [{"name": "t0", "inputSchema": False, "outputSchema": {
    "required": [{}], "type": "object", "properties": {"a": False}}}]}, fmt="json", indent=False)
# found by this test: a one-entry allOf whose entry is a one-entry allOf was offered a merge
# that left the same finding
@example(document={"tools": [{"name": "t0", "inputSchema": {"allOf": [{"allOf": ["object"]}]}}]},
         fmt="json", indent=False)
def test_generated_documents(document: Any, fmt: str, indent: bool) -> None:
    check(to_text(document, fmt, indent), f"tools.{fmt}")


SMALL = [p for p in corpus_files() if p.stat().st_size < 60_000]


@pytest.mark.shared_data
@pytest.mark.parametrize("path", SMALL, ids=lambda p: p.name)
def test_mutated_corpus_files(path: Any) -> None:
    text = path.read_text(encoding="utf-8")
    rng = random.Random(path.name)  # the same mutations on every run
    suffix = path.suffix if path.suffix in (".json", ".yaml", ".yml") else ".json"
    check(text, f"tools{suffix}")
    for variant in mutations(text, rng, 12):
        check(variant, f"tools{suffix}")


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_mutations_of_generated_documents(data: st.DataObject) -> None:
    fmt = data.draw(st.sampled_from(["json", "yaml"]))
    text = to_text(data.draw(tool_documents()), fmt, data.draw(st.booleans()))
    rng = random.Random(data.draw(st.integers(0, 10**6)))
    for variant in mutations(text, rng, 4):
        check(variant, f"tools.{fmt}")


# texts bench/fuzz.py found, kept as they were found
FOUND = [
    # a YAML tag ending in `:` leaves a member with an empty key; removing it was offered as a
    # safe fix, placed by the empty key's position, and broke the text
    ("tools.yaml", "{tools: [{name: t0, inputSchema: {items: '', const: []}, outputSchema: "
                   "{!dditionalProperties: [],\n        type: []}}]}\n"),
]


@pytest.mark.parametrize(("name", "text"), FOUND)
def test_texts_found_by_fuzzing(name: str, text: str) -> None:
    check(text, name)

