"""The human report: one block per finding, then the summary line."""

from __future__ import annotations

from collections.abc import Sequence

from portlint.model import Applicability
from portlint.report.escape import visible
from portlint.report.notes import RunNotes, incomplete_summary, not_checked_line
from portlint.report.summary import FileResult, count, summary_line

_LABEL = {"error": "Error", "warning": "Warning", "information": "Info"}


def render_text(results: Sequence[FileResult], notes: RunNotes | None = None) -> str:
    blocks: list[str] = []
    for result in results:
        for finding in result.findings:
            line, column = result.position(finding.span[0])
            head = _LABEL[finding.severity.value] + ":"
            # what comes from the checked file is escaped: a control character in a tool name
            # must not recolour the terminal or forge a line of the report (report/escape.py)
            if finding.tool is not None:
                head += f' tool "{visible(finding.tool)}"'
            elif finding.tool_label is not None:
                head += f" {visible(finding.tool_label)}"
            head += f" [{finding.rule}]"
            lines = [head, f"  At: {visible(result.path)}:{line}:{column}"]
            if finding.path:
                lines.append(f"  Path: {visible(finding.path)}")
            lines.append(f"  Issue: {visible(finding.message)}")
            if finding.suggestion:
                lines.append(f"  Suggestion: {visible(finding.suggestion)}")
            for fix in finding.fixes:
                if fix.applicability is Applicability.DISPLAY_ONLY or not fix.edits:
                    continue
                lines.append(f"  Fix ({fix.applicability.value}): {visible(fix.title)}")
            blocks.append("\n".join(lines))
    counts = count(results)
    fixed = sum(r.fixed for r in results)
    tail: list[str] = []
    if fixed:
        files = sum(1 for r in results if r.fixed)
        tail.append(f"Fixed {fixed} {'problem' if fixed == 1 else 'problems'} in "
                    f"{files} {'file' if files == 1 else 'files'}.")
    unchecked = not_checked_line(notes)
    if unchecked is not None and counts.total == 0:  # not "all checks passed"
        tail.append(incomplete_summary(counts.tools_checked, counts.files_checked))
    else:
        tail.append(summary_line(counts))
    safe = sum(1 for r in results for f in r.findings
               if any(x.applicability is Applicability.SAFE and x.edits for x in f.fixes))
    if safe:
        tail.append(f"{safe} of them can be fixed without changing the contract: "
                    "run `portlint check --fix`.")
    if unchecked is not None:
        tail.append(visible(unchecked))
    return "\n\n".join([*blocks, "\n".join(tail)]) + "\n"
