"""What a check produced, per file, and the one-line summary every format shares."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from portlint.model import Finding, Severity
from portlint.source.text import LineIndex


class FileResult:
    """The findings of one checked file, with what is needed to place them."""

    def __init__(self, path: str, text: str, findings: list[Finding] | None = None,
                 tool_count: int = 0, fixed: int = 0, *, tools: list[str] | None = None,
                 targets: tuple[str, ...] = (), underived: int = 0) -> None:
        self.path = path  # as shown to the user (relative to the working directory if possible)
        self.text = text
        self.findings: list[Finding] = findings if findings is not None else []
        self.tool_count = tool_count
        self.fixed = fixed  # fixes applied to this file by --fix
        self.tools: list[str] = tools if tools is not None else []  # tool labels, in order
        self.targets = targets  # the client profiles the file was checked for
        self.underived = underived  # tools found whose schema portlint could not derive
        self._lines: LineIndex | None = None

    @property
    def lines(self) -> LineIndex:
        if self._lines is None:
            self._lines = LineIndex(self.text)
        return self._lines

    def position(self, offset: int) -> tuple[int, int]:
        """1-based line and column (code points) of an offset."""
        line, column = self.lines.position(offset)
        return line + 1, column + 1


class Counts(NamedTuple):
    errors: int
    warnings: int
    information: int
    tools: int  # tools with at least one finding
    files: int  # files with at least one finding
    tools_checked: int
    files_checked: int
    tools_underived: int = 0

    @property
    def total(self) -> int:
        return self.errors + self.warnings + self.information


def count(results: Sequence[FileResult]) -> Counts:
    errors = warnings = information = 0
    tools: set[tuple[str, int, str]] = set()
    files: set[str] = set()
    for result in results:
        for finding in result.findings:
            if finding.severity is Severity.ERROR:
                errors += 1
            elif finding.severity is Severity.WARNING:
                warnings += 1
            else:
                information += 1
            files.add(result.path)
            if finding.tool_label is not None:
                tools.add((result.path, finding.document, finding.tool_label))
    return Counts(errors, warnings, information, len(tools), len(files),
                  sum(r.tool_count for r in results), len(results),
                  sum(r.underived for r in results))


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def summary_line(counts: Counts) -> str:
    """``1 error, 3 warnings across 3 tools.`` — or, when clean, what was checked."""
    if counts.total == 0:
        return (f"All checks passed: {_plural(counts.tools_checked, 'tool')} in "
                f"{_plural(counts.files_checked, 'file')}.")
    parts = [_plural(counts.errors, "error"), _plural(counts.warnings, "warning")]
    if counts.information:
        parts.append(f"{counts.information} info")
    head = ", ".join(parts)
    underived = (f" {_plural(counts.tools_underived, 'tool')} found but not derived "
                 "(unknown-schema)." if counts.tools_underived else "")
    if counts.tools:
        return f"{head} across {_plural(counts.tools, 'tool')}.{underived}"
    return f"{head} in {_plural(counts.files, 'file')}.{underived}"
