"""The human report, in two forms, each ending with the summary.

``full`` (``--format text``): one block per finding — where it is, the issue, the suggestion, the
fixes — with its fields wrapped at ``WIDTH`` columns. ``concise`` (``--format concise``): one line
per finding, ``FILE:LINE:COLUMN: SEVERITY [RULE] tool "NAME" PATH: first sentence of the issue``,
the form editors' problem matchers and grep read.
"""

from __future__ import annotations

import functools
import textwrap
from collections.abc import Sequence

from portlint.model import Applicability, Finding
from portlint.report.escape import visible
from portlint.report.notes import RunNotes, incomplete_summary, not_checked_line, skipped_line
from portlint.report.summary import FileResult, count, fixable_line, fixed_line, summary_line

WIDTH = 100
_LABEL = {"error": "Error", "warning": "Warning", "information": "Info"}


@functools.lru_cache(maxsize=1024)  # a large tool list repeats a few dozen texts
def _field(name: str, text: str) -> str:
    return textwrap.fill(text, WIDTH, initial_indent=f"  {name}: ", subsequent_indent="    ",
                         break_long_words=False, break_on_hyphens=False)


def _where(finding: Finding) -> str:
    # what comes from the checked file is escaped: a control character in a tool name must not
    # recolour the terminal or forge a line of the report (report/escape.py)
    if finding.tool is not None:
        return f' tool "{visible(finding.tool)}"'
    if finding.tool_label is not None:
        return f" {visible(finding.tool_label)}"
    return ""


def _block(result: FileResult, finding: Finding) -> str:
    line, column = result.position(finding.span[0])
    lines = [f"{_LABEL[finding.severity.value]}:{_where(finding)} [{finding.rule}]",
             f"  At: {visible(result.path)}:{line}:{column}"]
    if finding.path:
        lines.append(f"  Path: {visible(finding.path)}")
    lines.append(_field("Issue", visible(finding.message)))
    if finding.suggestion:
        lines.append(_field("Suggestion", visible(finding.suggestion)))
    for fix in finding.fixes:
        if fix.applicability is Applicability.DISPLAY_ONLY or not fix.edits:
            continue
        lines.append(_field(f"Fix ({fix.applicability.value})", visible(fix.title)))
    return "\n".join(lines)


def first_sentence(text: str) -> str:
    """The text up to its first full stop outside code spans and brackets."""
    depth = 0
    code = False
    for index, char in enumerate(text):
        if char == "`":
            code = not code
        elif code:
            continue
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth = max(0, depth - 1)
        elif char == "." and depth == 0 and (index + 1 == len(text) or text[index + 1] == " "):
            return text[:index + 1]
    return text


def _line(result: FileResult, finding: Finding) -> str:
    line, column = result.position(finding.span[0])
    path = f" {visible(finding.path)}" if finding.path else ""
    return (f"{visible(result.path)}:{line}:{column}: {finding.severity.value} [{finding.rule}]"
            f"{_where(finding)}{path}: {visible(first_sentence(finding.message))}")


def _tail(results: Sequence[FileResult], notes: RunNotes | None, offer_fixes: bool) -> str:
    counts = count(results)
    unchecked = not_checked_line(notes)
    if unchecked is not None and counts.total == 0:  # not "all checks passed"
        summary = incomplete_summary(counts.tools_checked, counts.files_checked)
    else:
        summary = summary_line(counts)
    lines = [fixed_line(counts), summary, skipped_line(notes, counts.files_checked),
             fixable_line(counts) if offer_fixes else None,
             visible(unchecked) if unchecked is not None else None]
    return "\n".join(line for line in lines if line is not None)


def render_text(results: Sequence[FileResult], notes: RunNotes | None = None,
                offer_fixes: bool = True) -> str:
    """The report; ``offer_fixes``: whether it ends saying what `--fix` would fix (not for a
    live server's tool list or a snapshot, which have no file to fix)."""
    blocks = [_block(r, f) for r in results for f in r.findings]
    return "\n\n".join([*blocks, _tail(results, notes, offer_fixes)]) + "\n"


def render_concise(results: Sequence[FileResult], notes: RunNotes | None = None,
                   offer_fixes: bool = True) -> str:
    lines = [_line(r, f) for r in results for f in r.findings]
    return "\n".join([*lines, _tail(results, notes, offer_fixes)]) + "\n"
