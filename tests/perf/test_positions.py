"""The reports' positions on demand equal the line index's, and the line index's fast path
equals the definition of an LSP line break."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

import portlint.source.text as text_module
from portlint.report.summary import FileResult
from portlint.source.text import LineIndex, OffsetPositions

# line breaks of every kind LSP knows, and separators it does not (str.splitlines honours them)
pieces = st.sampled_from(["a", "bb", "\n", "\n\n", "\r", "\r\n", "é", "😀", "\u2028", "\x0c",
                          "\x85", " "])
texts = st.lists(pieces, max_size=30).map("".join)
_BREAK = re.compile(r"\r\n|\r|\n")


def by_definition(text: str) -> list[int]:
    return [0, *(m.end() for m in _BREAK.finditer(text))]


@settings(max_examples=400, deadline=None)
@given(texts, st.lists(st.integers(min_value=-2, max_value=40), max_size=12))
def test_offset_positions_equal_the_line_index(text: str, offsets: list[int]) -> None:
    index = LineIndex(text)
    for order in (sorted(offsets), offsets):  # increasing (as reports ask), then any order
        positions = OffsetPositions(text)
        assert [positions.position(o) for o in order] == [index.position(o) for o in order]


@settings(max_examples=400, deadline=None)
@given(texts, st.sampled_from([1, 2, 5, 1 << 16]))
def test_line_starts_fast_path_equals_the_definition(text: str, chunk: int) -> None:
    saved = text_module._CHUNK
    text_module._CHUNK = chunk  # the chunk boundaries
    try:
        assert list(LineIndex(text).starts) == by_definition(text)
    finally:
        text_module._CHUNK = saved


def test_file_result_positions_are_one_based_and_exact() -> None:
    text = "{\n  \"a\": 1,\n  \"b\": [\n    2\n  ]\n}\n"
    result = FileResult("x.json", text)
    assert result.position(text.index("\"b\"")) == (3, 3)
    assert result.position(text.index("2")) == (4, 5)
    assert result.position(text.index("\"a\"")) == (2, 3)  # before the last one asked
    assert result.position(len(text) + 5) == (7, 1)
