"""What must hold for any text portlint is given, however broken (shared by the tests and by
`bench/fuzz.py`)."""

from __future__ import annotations

from typing import Any

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


def check_hostile(text: str, filename: str) -> None:
    """The invariants that must hold for a hostile text, checked at a cost linear in it: no
    exception, no rule crash, every range inside the text, and fixing everything leaves a text
    that still parses (when it parsed)."""
    from portlint.fixer import fix_all

    result = lint_text(text, filename, EVERY_PROFILE)
    assert not [f for f in result.findings if f.rule == "internal-error"], (
        result.crashes[0].traceback if result.crashes else "")
    for finding in result.findings:
        assert 0 <= finding.span[0] <= finding.span[1] <= len(text), finding
    if any(f.rule == "parse-error" for f in result.findings):
        return
    outcome = fix_all(text, lambda t: lint_text(t, filename, EVERY_PROFILE))
    assert not [f for f in outcome.result.findings if f.rule in ("parse-error",
                                                                 "internal-error")]


def check_tree(root: object, expected: dict[str, str], unprivileged: bool) -> dict[str, Any]:
    """Check a hostile folder as `portlint check --format json .` does (as an unprivileged user
    when asked): the run ends with a report, every path in ``expected`` is said to be unreadable
    or skipped as expected, the ordinary tool files are checked, and the exit status is 2
    exactly when something could not be checked."""
    import json
    from pathlib import Path

    from tests.cli.hostile_fs import run_check

    proc = run_check("--format", "json", ".", cwd=Path(str(root)), unprivileged=unprivileged,
                     timeout=300)
    report: dict[str, Any] = json.loads(proc.stdout)
    summary = report["summary"]
    unreadable = {n["file"] for n in summary["unreadable"]}
    skipped = {n["file"] for n in summary["skipped"]}
    for path, verdict in expected.items():
        assert path in (unreadable if verdict == "unreadable" else skipped), (path, summary)
    assert (proc.returncode == 2) == bool(unreadable), (proc.returncode, unreadable)
    checked = {f["file"] for f in report["findings"]}
    ok_files = {p.name for p in Path(str(root)).glob("ok*.json")}
    assert ok_files <= checked, (ok_files, checked)
    return report
