"""The input-root fix (``type: object`` beside a combinator of objects) keeps the contract."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
from hypothesis import given, settings
from hypothesis import strategies as st

from portlint.fixer import fix_all
from portlint.linter import lint_text

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.sampled_from(["a", "b", ""]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from("abc"), inner,
                                                                max_size=3),
    max_leaves=8,
)

object_branch = st.fixed_dictionaries(
    {"type": st.just("object")},
    optional={
        "required": st.lists(st.sampled_from("abc"), unique=True, max_size=2),
        "properties": st.dictionaries(st.sampled_from("abc"),
                                      st.sampled_from([{"type": "integer"}, {"type": "string"},
                                                       {"const": None}]), max_size=2),
        "additionalProperties": st.booleans(),
    },
)


@st.composite
def roots(draw: st.DrawFn) -> dict[str, Any]:
    keyword = draw(st.sampled_from(["oneOf", "anyOf", "allOf"]))
    branches = draw(st.lists(object_branch, min_size=1, max_size=3))
    if keyword == "allOf":
        branches = [*branches, draw(st.sampled_from([{"minProperties": 1}, {"required": ["a"]}]))]
    return {keyword: branches}


@settings(max_examples=150, deadline=None)
@given(root=roots(), instances=st.lists(json_values, min_size=1, max_size=8))
def test_adding_type_object_beside_a_combinator_of_objects_is_exact(
        root: dict[str, Any], instances: list[Any]) -> None:
    text = json.dumps({"name": "t", "inputSchema": root}, indent=2)
    outcome = fix_all(text, lambda t: lint_text(t, "t.json"))
    fixed = json.loads(outcome.text)["inputSchema"]
    assert fixed.get("type") == "object"
    assert outcome.applied >= 1
    for instance in instances:
        before = jsonschema.Draft202012Validator(root).is_valid(instance)
        after = jsonschema.Draft202012Validator(fixed).is_valid(instance)
        assert before == after, (root, instance)
