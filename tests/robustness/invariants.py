"""What must hold for any text portlint is given, however broken (shared by the tests and by
`bench/fuzz.py`)."""

from __future__ import annotations

from portlint.fixer import apply_edits
from portlint.linter import lint_text
from portlint.model import Applicability
from portlint.settings import Settings

EVERY_PROFILE = Settings(targets=("all",))  # so every rule runs


def check(text: str, filename: str) -> int:
    """Lint ``text``; fail on an exception, a contained rule crash, a range outside the text, or
    a safe fix that breaks the text or leaves its finding. Returns the number of findings."""
    result = lint_text(text, filename, EVERY_PROFILE)
    crashes = [f for f in result.findings if f.rule == "internal-error"]
    assert not crashes, (crashes[0].message, result.crashes[0].traceback if result.crashes else "")
    length = len(text)
    for finding in result.findings:
        start, end = finding.span
        assert 0 <= start <= end <= length, (finding.rule, finding.span, length)
    if any(f.rule == "parse-error" for f in result.findings):
        return len(result.findings)
    for finding in result.findings:
        for fix in finding.fixes:
            if fix.applicability is not Applicability.SAFE:
                continue
            fixed = apply_edits(text, fix.edits)
            after = lint_text(fixed, filename, EVERY_PROFILE)
            assert not [f for f in after.findings if f.rule == "parse-error"], (fix.title, fixed)
            assert not [f for f in after.findings if f.rule == "internal-error"], fix.title
            same = [f for f in after.findings if (f.rule, f.pointer, f.message)
                    == (finding.rule, finding.pointer, finding.message)]
            assert not same, (fix.title, fixed)
    return len(result.findings)
