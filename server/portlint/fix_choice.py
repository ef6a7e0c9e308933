"""Which fix "fix all" applies for a finding — the fixer's choice, on its own so that the reports,
which count the findings ``--fix`` would fix, ask it without importing the fixer."""

from __future__ import annotations

from portlint.model import Applicability, Finding, Fix


def choose_fix(finding: Finding, unsafe: bool) -> Fix | None:
    """The fix "fix all" applies for a finding: its first safe fix, or (when allowed) unsafe."""
    for fix in finding.fixes:
        if not fix.edits:
            continue
        if fix.applicability is Applicability.SAFE or (
                unsafe and fix.applicability is Applicability.UNSAFE):
            return fix
    return None
