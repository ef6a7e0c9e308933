"""Applying fixes: one at a time, or all safe ones until nothing changes.

The same routine serves ``portlint check --fix``, the editor's ``source.fixAll.portlint`` and its
"fix all" command, so they always agree. Each pass lints, picks fixes whose edits do not overlap
(the first one wins; the others are reconsidered on the next pass, against the new text), applies
them, and lints again. A pass whose result no longer parses is discarded, so a fix can never leave
a document broken.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple

from portlint.linter import LintResult
from portlint.model import Applicability, Finding, Fix, TextEdit

MAX_PASSES = 20


def apply_edits(text: str, edits: Iterable[TextEdit]) -> str:
    """Apply non-overlapping edits (offsets into ``text``)."""
    ordered = sorted(edits, key=lambda e: (e.start, e.end))
    parts: list[str] = []
    position = 0
    for edit in ordered:
        if edit.start < position:
            raise ValueError("overlapping edits")
        parts.append(text[position:edit.start])
        parts.append(edit.content)
        position = edit.end
    parts.append(text[position:])
    return "".join(parts)


def _overlaps(a: TextEdit, b: TextEdit) -> bool:
    if a.start == a.end and b.start == b.end:
        return a.start == b.start
    if a.start == a.end:
        return b.start < a.start < b.end
    if b.start == b.end:
        return a.start < b.start < a.end
    return a.start < b.end and b.start < a.end


def choose_fix(finding: Finding, unsafe: bool) -> Fix | None:
    """The fix "fix all" applies for a finding: its first safe fix, or (when allowed) unsafe."""
    for fix in finding.fixes:
        if not fix.edits:
            continue
        if fix.applicability is Applicability.SAFE or (
                unsafe and fix.applicability is Applicability.UNSAFE):
            return fix
    return None


def compatible_fixes(findings: Iterable[Finding], unsafe: bool = False) -> list[Fix]:
    """Fixes to apply together in one pass: none of their edits overlap."""
    chosen: list[Fix] = []
    taken: list[TextEdit] = []
    for finding in findings:
        fix = choose_fix(finding, unsafe)
        if fix is None:
            continue
        if any(_overlaps(e, t) for e in fix.edits for t in taken):
            continue
        chosen.append(fix)
        taken.extend(fix.edits)
    return chosen


class FixOutcome(NamedTuple):
    text: str
    applied: int  # how many fixes were applied over all passes
    result: LintResult  # the lint of ``text``


def fix_all(text: str, lint: Callable[[str], LintResult], unsafe: bool = False) -> FixOutcome:
    """Apply safe (and, if asked, unsafe) fixes repeatedly until the text stops changing."""
    result = lint(text)
    applied = 0
    parses = not any(f.rule == "parse-error" for f in result.findings)
    for _ in range(MAX_PASSES):
        fixes = compatible_fixes(result.findings, unsafe)
        if not fixes:
            break
        candidate = apply_edits(text, [e for fix in fixes for e in fix.edits])
        if candidate == text:
            break
        candidate_result = lint(candidate)
        if parses and any(f.rule == "parse-error" for f in candidate_result.findings):
            break  # never trade a parsing document for a broken one
        text, result = candidate, candidate_result
        applied += len(fixes)
    return FixOutcome(text, applied, result)
