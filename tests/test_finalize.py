"""A finding made twice at one place, word for word, is said once (@netlify/mcp 1.15.1: its
`registerDomainTools` helper, called for the read tools and again for the write tools, gave each
of its two unknown registrations twice); findings that differ in anything said stay."""

from __future__ import annotations

from portlint.linter import finalize
from portlint.model import Finding, Severity
from portlint.settings import Settings


def _finding(message: str = "The schema of a tool cannot be derived statically.",
             span: tuple[int, int] = (10, 20), tool: str | None = None) -> Finding:
    return Finding("unknown-schema", Severity.INFORMATION, message, "Lint the sources.", span,
                   tool=tool)


def test_the_same_finding_twice_is_said_once() -> None:
    assert finalize([_finding(), _finding(), _finding(span=(0, 5))], Settings()) == [
        _finding(span=(0, 5)), _finding()]


def test_findings_that_differ_are_kept() -> None:
    found = [_finding(), _finding(message="Another."), _finding(span=(10, 21)),
             _finding(tool="t")]
    assert len(finalize(found, Settings())) == 4
