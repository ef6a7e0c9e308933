"""The JSON report places every offset of a file in one increasing sweep (FileResult.positions):
the lines and columns it writes are those of a full line index, whatever order the findings'
ends and their fixes' edits come in (an edit before the finding's end, several findings sharing
an offset, offsets on lines after a carriage return, past the end of the text)."""

from __future__ import annotations

import json

import pytest

from portlint.model import Applicability, Finding, Fix, Severity, TextEdit
from portlint.report.json_report import render_json
from portlint.report.summary import FileResult
from portlint.source.text import LineIndex

TEXTS = {
    "lf": '{\n  "tools": [\n    {"name": "a",\n     "inputSchema": {"type": "obj"}}\n  ]\n}\n',
    "crlf": '{\r\n  "tools": [\r\n    {"name": "a",\r\n     "x": 1}\r\n  ]\r\n}\r\n',
    "astral": '{\n  "d": "\U0001F600 é",\n  "e": [1,\n 2]\n}',
}


def _finding(start: int, end: int, edits: list[tuple[int, int]]) -> Finding:
    fix = Fix("a fix", Applicability.SAFE, tuple(TextEdit(s, e, "x") for s, e in edits))
    return Finding("untyped-schema", Severity.WARNING, "m", "s", (start, end), fixes=(fix,))


def _expected(text: str, offset: int) -> dict[str, int]:
    line, column = LineIndex(text).position(offset)
    return {"line": line + 1, "column": column + 1}


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_json_locations_are_the_line_index_positions(name: str) -> None:
    text = TEXTS[name]
    size = len(text)
    findings = [
        _finding(3, size - 2, [(1, 2), (size - 3, size - 2)]),  # an edit before the end
        _finding(5, 9, [(9, 9), (2, 4)]),  # edits out of order, one before the start
        _finding(5, 9, []),  # the same offsets again
        _finding(size - 1, size + 5, [(size + 3, size + 9)]),  # past the end: clamped
    ]
    report = json.loads(render_json([FileResult("f.json", text, findings)]))
    for finding, written in zip(findings, report["findings"], strict=True):
        assert written["location"] == _expected(text, finding.span[0])
        assert written["end_location"] == _expected(text, finding.span[1])
        edits = [e for fix in written["fixes"] for e in fix["edits"]]
        offsets = [(e.start, e.end) for fix in finding.fixes for e in fix.edits]
        assert [(e["location"], e["end_location"]) for e in edits] == [
            (_expected(text, s), _expected(text, e)) for s, e in offsets]


def test_positions_of_offsets_in_any_order() -> None:
    text = TEXTS["lf"]
    result = FileResult("f.json", text)
    offsets = [40, 3, 40, 0, 17, len(text), 17]
    assert result.positions(offsets) == {
        o: (line + 1, column + 1) for o in offsets for line, column in [
            LineIndex(text).position(o)]}
