"""Every rule case: exact findings (rule, severity, path, range) in JSON and YAML, and fixes."""

from __future__ import annotations

import json

import pytest

from portlint.config import parse_config
from portlint.fixer import apply_edits, fix_all
from portlint.linter import lint_text
from portlint.model import Applicability
from portlint.source.text import LineIndex
from tests.support.casefile import all_cases, load_case

CASES = [(path, fmt) for path in all_cases() for fmt in load_case(path).sections]


def _lint(text: str, fmt: str, case_options: dict[str, str]):  # type: ignore[no-untyped-def]
    settings = None
    if "config" in case_options:
        settings = parse_config(json.loads(case_options["config"]), "case").settings
    return lint_text(text, f"case.{fmt}", settings,
                     assume_schema=case_options.get("mode") != "editor")


def _pos(index: LineIndex, offset: int) -> tuple[int, int]:
    line, column = index.position(offset)
    return line + 1, column + 1


@pytest.mark.parametrize(("path", "fmt"), CASES,
                         ids=[f"{p.parent.name}/{p.stem}[{f}]" for p, f in CASES])
def test_findings_are_exact(path, fmt) -> None:  # type: ignore[no-untyped-def]
    case = load_case(path)
    section = case.sections[fmt]
    result = _lint(section.text, fmt, case.options)
    index = LineIndex(section.text)
    got = sorted((f.rule, f.severity.value, f.path, _pos(index, f.span[0]), _pos(index, f.span[1]))
                 for f in result.findings)
    want = sorted((e.rule, e.severity, e.path, _pos(index, section.ranges[e.label][0]),
                   _pos(index, section.ranges[e.label][1])) for e in case.expected)
    assert got == want


@pytest.mark.parametrize(("path", "fmt"), CASES,
                         ids=[f"{p.parent.name}/{p.stem}[{f}]" for p, f in CASES])
def test_each_fix_reparses_and_removes_its_finding(path, fmt) -> None:  # type: ignore[no-untyped-def]
    case = load_case(path)
    section = case.sections[fmt]
    result = _lint(section.text, fmt, case.options)
    for finding in result.findings:
        for fix in finding.fixes:
            if fix.applicability is Applicability.DISPLAY_ONLY:
                assert not fix.edits
                continue
            fixed = apply_edits(section.text, fix.edits)
            after = _lint(fixed, fmt, case.options)
            assert not [f for f in after.findings if f.rule == "parse-error"], fixed
            same = [f for f in after.findings if f.rule == finding.rule and f.path == finding.path
                    and f.pointer == finding.pointer and f.message == finding.message]
            assert not same, f"{fix.title} left {finding.rule} at {finding.path}:\n{fixed}"


@pytest.mark.parametrize(("path", "fmt"), [(p, f) for p, f in CASES
                                            if load_case(p).sections[f].fixed is not None],
                         ids=lambda v: getattr(v, "stem", v))
def test_fix_all_output(path, fmt) -> None:  # type: ignore[no-untyped-def]
    case = load_case(path)
    section = case.sections[fmt]
    outcome = fix_all(section.text, lambda t: _lint(t, fmt, case.options))
    assert outcome.text == section.fixed
