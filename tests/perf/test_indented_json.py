"""The reports' JSON encoder writes exactly ``json.dumps(value, indent=2, ensure_ascii=False)``."""

from __future__ import annotations

import json
from enum import IntEnum
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from portlint.report.indented_json import dumps_indented

scalars = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True)
           | st.text() | st.sampled_from(["", "\x00\x1f\u2028\ud800", "é\U0001F600", '"\\/']))
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
    | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=30)


@settings(max_examples=500, deadline=None)
@given(values)
def test_same_text_as_the_standard_library(value: Any) -> None:
    assert dumps_indented(value) == json.dumps(value, indent=2, ensure_ascii=False)


class Level(IntEnum):
    LOW = 1


@pytest.mark.parametrize("value", [
    {1: "an int key"}, {"a": {None: 1, 2.5: True}}, [Level.LOW], {"s": Level.LOW},
    [float("inf"), float("-inf")], {"deep": [[[[{}]]]], "empty": [], "none": {}},
])
def test_unusual_values_give_the_standard_text(value: Any) -> None:
    assert dumps_indented(value) == json.dumps(value, indent=2, ensure_ascii=False)


def test_what_json_refuses_is_refused_the_same_way() -> None:
    with pytest.raises(TypeError):
        dumps_indented({"a": object()})
    deep: list[Any] = []
    node = deep
    for _ in range(5000):
        node.append([])
        node = node[0]
    with pytest.raises(RecursionError):
        json.dumps(deep, indent=2)
    with pytest.raises(RecursionError):
        dumps_indented(deep)
