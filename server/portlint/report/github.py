"""GitHub Actions workflow commands: one annotation per finding on the pull request."""

from __future__ import annotations

from collections.abc import Sequence

from portlint.report.escape import visible
from portlint.report.notes import RunNotes, incomplete_summary, not_checked_line, skipped_line
from portlint.report.summary import FileResult, count, summary_line

_COMMAND = {"error": "error", "warning": "warning", "information": "notice"}


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render_github(results: Sequence[FileResult], notes: RunNotes | None = None) -> str:
    lines: list[str] = []
    for note in notes.unreadable if notes is not None else ():
        # an input that could not be checked is an error annotation of its own; a live
        # server's list is in no file, so its note is one of the run, prefixed with the server
        if note.live:
            message = visible(f"{note.file}: portlint could not check all of it: {note.reason}")
            lines.append(f"::error title=portlint::{escape_data(message)}")
        else:
            message = visible(f"portlint could not check this path: {note.reason}")
            lines.append(f"::error file={visible(escape_property(note.file))},"
                         f"title=portlint::{escape_data(message)}")
    for result in results:
        for finding in result.findings:
            line, column = result.position(finding.span[0])
            end_line, end_column = result.position(finding.span[1])
            # the file's own text is escaped (report/escape.py): the annotation shows exactly
            # what is there, and no character in it can end the command early
            where = f"tool {visible(finding.tool)}, " if finding.tool else ""
            where += visible(finding.path or "")
            body = visible(finding.message)
            if finding.suggestion:
                body += "\n" + visible(finding.suggestion)
            if where:
                body = f"{where.rstrip(', ')}: {body}"
            title = f"title={escape_property(f'portlint({finding.rule})')}"
            if result.live:  # a server's list is in no file: an annotation of the run
                props = title
                body = f"{visible(result.path)}: {body}"
            else:
                props = ",".join([
                    f"file={visible(escape_property(result.path))}",
                    f"line={line}", f"col={column}", f"endLine={end_line}",
                    f"endColumn={end_column}", title])
            lines.append(f"::{_COMMAND[finding.severity.value]} {props}::{escape_data(body)}")
    counts = count(results)
    unchecked = not_checked_line(notes)
    if unchecked is not None and counts.total == 0:
        lines.append(incomplete_summary(counts.tools_checked, counts.files_checked))
    else:
        lines.append(summary_line(counts))
    skipped = skipped_line(notes, counts.files_checked)
    if skipped is not None:
        lines.append(skipped)
    if unchecked is not None:
        lines.append(visible(unchecked))
    return "\n".join(lines) + "\n"
