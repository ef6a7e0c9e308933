"""The fixer's choice of compatible fixes (a bisection instead of a comparison with every fix
chosen before) chooses exactly what the comparison with every one chooses; and the diff printed
from the fixer's change regions applies to the original text and gives the fixed one, laid out
as `diff -u` lays it out."""

from __future__ import annotations

import difflib
import itertools
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from portlint.fixer import _overlaps, apply_edits, compatible_fixes, fix_all
from portlint.fixes.textdiff import ChangeMap, unified_diff
from portlint.linter import LintResult, lint_text
from portlint.model import Applicability, Finding, Fix, Severity, TextEdit
from portlint.source.document import ParsedSource

_BREAK = re.compile(r"\r\n|\r|\n")

edits_of_a_fix = st.lists(
    st.tuples(st.integers(0, 30), st.integers(0, 6), st.booleans()).map(
        lambda t: TextEdit(t[0], t[0] if t[2] else t[0] + t[1], "x")), min_size=1, max_size=3)


def _naive(findings: list[Finding]) -> list[Fix]:
    """The choice as the fixer made it before: every edit against every edit taken."""
    chosen: list[Fix] = []
    taken: list[TextEdit] = []
    for finding in findings:
        fix = finding.fixes[0]
        ordered = sorted(fix.edits, key=lambda e: (e.start, e.end))
        if any(b.start < a.end for a, b in itertools.pairwise(ordered)):
            continue
        if any(_overlaps(e, t) for e in fix.edits for t in taken):
            continue
        chosen.append(fix)
        taken.extend(fix.edits)
    return chosen


@settings(max_examples=1000, deadline=None)
@given(st.lists(edits_of_a_fix, max_size=10))
def test_the_same_fixes_are_chosen(fixes: list[list[TextEdit]]) -> None:
    findings = [Finding("r", Severity.ERROR, "", "", (0, 0),
                        fixes=(Fix("f", Applicability.SAFE, tuple(edits)),)) for edits in fixes]
    assert compatible_fixes(findings) == _naive(findings)


def _reshaping(at: int, document: int, *objects: tuple[str | int, ...]) -> Finding:
    edit = TextEdit(at, at, "x")  # each at a place of its own: the texts never clash
    return Finding("r", Severity.ERROR, "", "", (0, 0), document=document,
                   fixes=(Fix("f", Applicability.SAFE, (edit,), objects),))


def test_fixes_that_add_or_remove_members_of_one_object_go_in_separate_passes() -> None:
    first = _reshaping(10, 0, ("tools", 0, "inputSchema"))
    same = _reshaping(20, 0, ("tools", 1), ("tools", 0, "inputSchema"))
    other = _reshaping(30, 0, ("tools", 0, "inputSchema", "properties"))
    elsewhere = _reshaping(40, 1, ("tools", 0, "inputSchema"))  # that path in another document
    assert compatible_fixes([first, same, other, elsewhere]) == [
        first.fixes[0], other.fixes[0], elsewhere.fixes[0]]


def test_a_fix_that_adds_members_waits_for_one_that_restructures_the_object() -> None:
    adds = _reshaping(10, 0, ("tools", 0, "inputSchema"))
    merge = Finding("r", Severity.ERROR, "", "", (0, 0), fixes=(Fix(
        "f", Applicability.SAFE, (TextEdit(20, 30, "y"),), (("tools", 0, "inputSchema"),)),))
    beside = _reshaping(40, 0, ("tools", 0, "inputSchema", "properties"))
    assert compatible_fixes([adds, merge, beside]) == [merge.fixes[0], beside.fixes[0]]


def test_a_fix_held_up_by_an_inner_one_keeps_its_turn_on_its_object() -> None:
    inner = Finding("r", Severity.ERROR, "", "", (0, 0),
                    fixes=(Fix("f", Applicability.SAFE, (TextEdit(22, 25, "z"),)),))
    merge = Finding("r", Severity.ERROR, "", "", (0, 0), fixes=(Fix(
        "f", Applicability.SAFE, (TextEdit(20, 30, "y"),), (("tools", 0, "inputSchema"),)),))
    rename = Finding("r", Severity.ERROR, "", "", (0, 0), fixes=(Fix(
        "f", Applicability.SAFE, (TextEdit(5, 8, "k"),), (("tools", 0, "inputSchema"),)),))
    assert compatible_fixes([inner, merge, rename]) == [inner.fixes[0]]


@pytest.mark.parametrize(("name", "text", "announced", "fixed"), [
    # the merge waits for the fix inside the branch, then goes before `type` added beside it
    ("t.json",
     '{"tools": [{"name": "a", "inputSchema": {"allOf": [{"type": "object", "properties": '
     '{"unit": {"type": ["string", "null"]}}}]}}]}\n',
     ["input-root-not-object", "root-combinator", "type-union"],
     '{"tools": [{"name": "a", "inputSchema": {"type": "object", "properties": '
     '{"unit": {"anyOf": [{"type": "string"}, {"type": "null"}]}}}}]}\n'),
    # `properties: {}` for the typed root would stop the merge that brings its properties
    ("t.yaml",
     "name: a\ninputSchema:\n  allOf:\n    - type: object\n      properties:\n"
     "        q: {type: string}\n  type: object\n",
     ["object-missing-properties", "root-combinator"],
     "name: a\ninputSchema:\n  type: object\n  properties:\n    q: {type: string}\n"),
])
def test_every_fix_the_report_announced_is_applied_or_made_unneeded(
        name: str, text: str, announced: list[str], fixed: str) -> None:
    assert sorted(f.rule for f in lint_text(text, name).findings
                  if any(x.is_safe for x in f.fixes)) == announced
    outcome = fix_all(text, lambda t: lint_text(t, name))
    assert outcome.text == fixed
    assert [f.rule for f in outcome.result.findings] == []


@pytest.mark.parametrize(("name", "text", "fixed"), [
    ("t.json",
     '{"tools": [{"name": "a", "inputSchema": {"allOf": [{"type": "object", '
     '"properties": {"city": {"type": "string"}}}]}}]}\n',
     '{"tools": [{"name": "a", "inputSchema": {"type": "object", '
     '"properties": {"city": {"type": "string"}}}}]}\n'),
    ("t.yaml",
     "tools:\n  - name: a\n    inputSchema:\n      allOf:\n        - type: object\n"
     "          properties:\n            city: {type: string}\n",
     "tools:\n  - name: a\n    inputSchema:\n      type: object\n      properties:\n"
     "        city: {type: string}\n"),
])
def test_two_fixes_adding_type_to_one_root_leave_it_once(name: str, text: str,
                                                        fixed: str) -> None:
    # input-root-not-object adds `type` to the root, root-combinator merges the one branch
    # (`type` among its members) into it: applied in one pass, the root had `type` twice
    first = lint_text(text, name)
    assert sorted(f.rule for f in first.findings if any(x.is_safe for x in f.fixes)) == [
        "input-root-not-object", "root-combinator"]
    outcome = fix_all(text, lambda t: lint_text(t, name))
    assert outcome.text == fixed
    assert [f.rule for f in outcome.result.findings] == []


def _lint_letters(text: str) -> LintResult:
    """A lint of a made-up format: each of `a`, `c` and `e` is a finding whose fix upper-cases
    it, except that `c`'s writes `!`, which this format cannot parse."""
    if "!" in text:
        return LintResult(ParsedSource(text, "json"), [Finding(
            "parse-error", Severity.ERROR, "", "", (text.index("!"), text.index("!") + 1))])
    findings = [Finding(f"letter-{letter}", Severity.ERROR, "", "", (at, at + 1), fixes=(Fix(
        "fix it", Applicability.SAFE, (TextEdit(at, at + 1, "!" if letter == "c" else
                                                letter.upper()),)),))
                for at, letter in enumerate(text) if letter in "ace"]
    return LintResult(ParsedSource(text, "json"), findings)


def test_a_fix_whose_text_would_not_parse_costs_only_itself() -> None:
    outcome = fix_all("abcde", _lint_letters)
    assert (outcome.text, outcome.applied) == ("AbcdE", 2)
    assert [f.rule for f in outcome.result.findings] == ["letter-c"]
    assert fix_all("c", _lint_letters).text == "c"


def _lines(text: str) -> list[str]:
    out, position = [], 0
    for match in _BREAK.finditer(text):
        out.append(text[position:match.end()])
        position = match.end()
    return out + ([text[position:]] if position < len(text) else [])


def _patch(old: str, diff: str) -> str:
    """Apply a unified diff (as this module writes it) to ``old``."""
    lines = _lines(old)
    out: list[str] = []
    position = 0
    body = diff.split("\n", 2)[2] if diff else ""
    i = 0
    while i < len(body):
        if body.startswith("@@", i):
            end = body.index("\n", i)
            start, length = re.match(r"@@ -(\d+)(?:,(\d+))?", body[i:end]).groups()  # type: ignore[union-attr]
            begin = int(start) - (0 if length == "0" else 1)
            out.extend(lines[position:begin])
            position = begin
            i = end + 1
            continue
        mark = body[i]
        found = _BREAK.search(body, i + 1)
        assert found is not None
        line = body[i + 1:found.end()]
        i = found.end()
        if body.startswith("\\ No newline at end of file\n", i):
            line = line[:-1]
            i += len("\\ No newline at end of file\n")
        if mark == "+":
            out.append(line)
        else:
            assert lines[position] == line, (lines[position], line)
            if mark == " ":
                out.append(line)
            position += 1
    return "".join(out + lines[position:])


texts = st.lists(st.sampled_from(["a", "b", "\n", "c\n", "xyz\n", "\r\n", "\r", "d\r\n"]),
                 max_size=40).map("".join)


@st.composite
def passes(draw: st.DrawFn) -> tuple[str, list[list[TextEdit]]]:
    text = original = draw(texts)
    rounds = []
    for _ in range(draw(st.integers(1, 4))):
        points = sorted(draw(st.lists(st.integers(0, len(text)), max_size=8, unique=True)))
        edits = [TextEdit(points[k], points[k + 1] if draw(st.booleans()) else points[k],
                          draw(st.sampled_from(["", "Q", "\n", "R\nS", "T\r\n", "\r"])))
                 for k in range(0, len(points) - 1, 2)]
        rounds.append(edits)
        text = apply_edits(text, edits)
    return original, rounds


@settings(max_examples=600, deadline=None)
@given(passes())
def test_the_diff_applies_and_gives_the_fixed_text(case: tuple[str, list[list[TextEdit]]]) -> None:
    original, rounds = case
    changes = ChangeMap()
    text = original
    for edits in rounds:
        changes.apply(edits)
        text = apply_edits(text, edits)
    rebuilt, position = [], 0  # outside the regions the texts agree
    for region in changes.regions:
        rebuilt += [original[position:region.old_start], text[region.new_start:region.new_end]]
        position = region.old_end
    assert "".join([*rebuilt, original[position:]]) == text
    diff = unified_diff(original, text, changes.regions, "a/f", "b/f")
    assert (diff == "") == (original == text)
    assert _patch(original, diff) == text


def test_the_diff_of_fixes_reads_as_diff_u_does() -> None:
    text = "[\n" + ",\n".join(f'  {{"name": "t{i}", "inputSchema": {{"type": "object", '
                              f'"properties": {{"a": {"true" if i % 7 == 0 else "{}"}}}}}}}'
                              for i in range(40)) + "\n]\n"
    outcome = fix_all(text, lambda t: lint_text(t, "t.json"))
    assert outcome.changes is not None and outcome.applied == 6
    ours = unified_diff(text, outcome.text, outcome.changes.regions, "a/t.json", "b/t.json")
    theirs = "".join(difflib.unified_diff(text.splitlines(True), outcome.text.splitlines(True),
                                          "a/t.json", "b/t.json"))
    assert ours == theirs
