"""GitHub Actions workflow commands: one annotation per finding on the pull request."""

from __future__ import annotations

from collections.abc import Sequence

from portlint.report.summary import FileResult, count, summary_line

_COMMAND = {"error": "error", "warning": "warning", "information": "notice"}


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render_github(results: Sequence[FileResult]) -> str:
    lines: list[str] = []
    for result in results:
        for finding in result.findings:
            line, column = result.position(finding.span[0])
            end_line, end_column = result.position(finding.span[1])
            where = f"tool {finding.tool}, " if finding.tool else ""
            where += finding.path or ""
            body = finding.message
            if finding.suggestion:
                body += "\n" + finding.suggestion
            if where:
                body = f"{where.rstrip(', ')}: {body}"
            props = ",".join([
                f"file={escape_property(result.path)}",
                f"line={line}", f"col={column}", f"endLine={end_line}",
                f"endColumn={end_column}",
                f"title={escape_property(f'portlint({finding.rule})')}",
            ])
            lines.append(f"::{_COMMAND[finding.severity.value]} {props}::{escape_data(body)}")
    lines.append(summary_line(count(results)))
    return "\n".join(lines) + "\n"
