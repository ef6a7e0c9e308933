"""The human report, in two forms, each ending with the summary.

``full`` (``--format text``): one block per finding — where it is, the issue, the suggestion, the
fixes — with its fields wrapped at ``WIDTH`` columns. ``concise`` (``--format concise``): one line
per finding, ``FILE:LINE:COLUMN: SEVERITY [RULE] tool "NAME" PATH: first sentence of the issue``,
the form editors' problem matchers and grep read.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from portlint.model import Applicability, Finding
from portlint.report.summary import FileResult, count, fixable_line, fixed_line, summary_line

WIDTH = 100
_LABEL = {"error": "Error", "warning": "Warning", "information": "Info"}


def _field(name: str, text: str) -> str:
    return textwrap.fill(text, WIDTH, initial_indent=f"  {name}: ", subsequent_indent="    ",
                         break_long_words=False, break_on_hyphens=False)


def _where(finding: Finding) -> str:
    if finding.tool is not None:
        return f' tool "{finding.tool}"'
    if finding.tool_label is not None:
        return f" {finding.tool_label}"
    return ""


def _block(result: FileResult, finding: Finding) -> str:
    line, column = result.position(finding.span[0])
    lines = [f"{_LABEL[finding.severity.value]}:{_where(finding)} [{finding.rule}]",
             f"  At: {result.path}:{line}:{column}"]
    if finding.path:
        lines.append(f"  Path: {finding.path}")
    lines.append(_field("Issue", finding.message))
    if finding.suggestion:
        lines.append(_field("Suggestion", finding.suggestion))
    for fix in finding.fixes:
        if fix.applicability is Applicability.DISPLAY_ONLY or not fix.edits:
            continue
        lines.append(_field(f"Fix ({fix.applicability.value})", fix.title))
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
    path = f" {finding.path}" if finding.path else ""
    return (f"{result.path}:{line}:{column}: {finding.severity.value} [{finding.rule}]"
            f"{_where(finding)}{path}: {first_sentence(finding.message)}")


def _tail(results: Sequence[FileResult]) -> str:
    counts = count(results)
    lines = [fixed_line(counts), summary_line(counts), fixable_line(counts)]
    return "\n".join(line for line in lines if line is not None)


def render_text(results: Sequence[FileResult]) -> str:
    blocks = [_block(r, f) for r in results for f in r.findings]
    return "\n\n".join([*blocks, _tail(results)]) + "\n"


def render_concise(results: Sequence[FileResult]) -> str:
    lines = [_line(r, f) for r in results for f in r.findings]
    return "\n".join([*lines, _tail(results)]) + "\n"
