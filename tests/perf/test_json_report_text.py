"""The JSON report, written straight as text (report/json_report.py), is exactly
``json.dumps(document, indent=2, ensure_ascii=False)`` of the document it stands for — the one
``finding_to_json`` builds, and render_json falls back on for values of unusual kinds."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from portlint.model import Applicability, Finding, Fix, Severity, TextEdit
from portlint.report.json_report import _findings_json, render_json
from portlint.report.notes import Note, RunNotes
from portlint.report.summary import FileResult

TEXT = '{\n  "tools": [\n    {"name": "a\\u00e9",\r\n     "inputSchema": {"type": "obj"}}\n  ]\n}\n'
odd = st.text(max_size=8) | st.sampled_from(["", "\x00\x1f\u2028\ud800", "é\U0001F600",
                                             '"\\/', "line\nbreak"])
offsets = st.integers(min_value=0, max_value=len(TEXT) + 3)
edits = st.builds(TextEdit, offsets, offsets, odd)
fixes = st.builds(Fix, odd, st.sampled_from(list(Applicability)),
                  st.lists(edits, max_size=3).map(tuple))
findings = st.builds(
    Finding, odd, st.sampled_from(list(Severity)), odd, odd, st.tuples(offsets, offsets),
    path=odd, pointer=odd, tool=st.none() | odd, fixes=st.lists(fixes, max_size=2).map(tuple),
    also_reached_as=st.lists(odd, max_size=2).map(tuple))


def reference(results: list[FileResult], notes: RunNotes | None) -> str:
    summary = json.loads(render_json(results, notes))["summary"]
    document = {"findings": [item for r in results for item in _findings_json(r)],
                "summary": summary}
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(findings, max_size=4), max_size=3),
       st.lists(st.tuples(odd, odd), max_size=2))
def test_the_written_report_is_the_standard_librarys_text(
        per_file: list[list[Finding]], unreadable: list[tuple[str, str]]) -> None:
    results = [FileResult(f"f{index}.json", TEXT, list(found))
               for index, found in enumerate(per_file)]
    notes = RunNotes()
    notes.unreadable.extend(Note(file, reason) for file, reason in unreadable)
    assert render_json(results, notes) == reference(results, notes)


@pytest.mark.parametrize("unusual", [
    {"tool": 7}, {"path": 2.5}, {"message": Severity.ERROR}, {"suggestion": None},
])
def test_a_value_of_another_kind_gets_the_standard_text(unusual: dict[str, Any]) -> None:
    finding = Finding("r", Severity.WARNING, "m", "s", (1, 4)
                      )._replace(**unusual)  # type: ignore[arg-type]
    results = [FileResult("f.json", TEXT, [finding])]
    assert render_json(results, None) == reference(results, None)
