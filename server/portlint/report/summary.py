"""What a check produced, per file, and the one-line summary every format shares."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from portlint.fix_choice import choose_fix
from portlint.model import Finding, Severity
from portlint.records import NamedTuple
from portlint.source.text import LineIndex, OffsetPositions


class FileResult:
    """The findings of one checked file, with what is needed to place them."""

    def __init__(self, path: str, text: str, findings: list[Finding] | None = None,
                 tool_count: int = 0, fixed: int = 0, *, tools: list[str] | None = None,
                 targets: tuple[str, ...] = (), underived: tuple[int, int] = (0, 0),
                 live: bool = False) -> None:
        self.path = path  # as shown to the user (relative to the working directory if possible)
        self.text = text
        self.findings: list[Finding] = findings if findings is not None else []
        self.tool_count = tool_count
        self.fixed = fixed  # fixes applied to this file by --fix
        self.tools: list[str] = tools if tools is not None else []  # tool labels, in order
        self.targets = targets  # the client profiles the file was checked for
        # tools found whose schema portlint could not derive, and tool lists (a handler's, a
        # bundle's) whose tools it could not
        self.underived, self.underived_lists = underived
        # a live server's tool list: ``path`` names the server, no file holds ``text`` (the
        # positions are in portlint's rendering of the list) and nothing can be fixed there
        self.live = live
        self._lines: LineIndex | None = None
        self._positions: OffsetPositions | None = None

    @property
    def lines(self) -> LineIndex:
        if self._lines is None:
            self._lines = LineIndex(self.text)
        return self._lines

    def position(self, offset: int) -> tuple[int, int]:
        """1-based line and column (code points) of an offset."""
        if self._lines is not None:
            line, column = self._lines.position(offset)
        else:
            if self._positions is None:
                self._positions = OffsetPositions(self.text)
            line, column = self._positions.position(offset)
        return line + 1, column + 1

    def positions(self, offsets: Iterable[int]) -> dict[int, tuple[int, int]]:
        """:meth:`position` of each offset, asked in increasing order. A report that places a
        finding's end and then its fixes' edits (which may lie before it) would otherwise ask
        backwards, and the first offset asked backwards indexes every line of the text."""
        return {offset: self.position(offset) for offset in sorted(set(offsets))}


class Counts(NamedTuple):
    errors: int
    warnings: int
    information: int
    tools_with_findings: int
    files_with_findings: int
    tools_checked: int
    files_checked: int
    fixable: int  # findings with a safe fix: what ``--fix`` fixes
    fixed: int  # findings of the text as it was that ``--fix`` resolved
    files_fixed: int
    tools_underived: int = 0  # tools found whose schema could not be derived
    lists_underived: int = 0  # tool lists found whose tools could not be derived

    @property
    def total(self) -> int:
        return self.errors + self.warnings + self.information


def has_safe_fix(finding: Finding) -> bool:
    """Whether ``--fix`` has a fix for this finding (the fixer's own choice, safe only)."""
    return choose_fix(finding, unsafe=False) is not None


def _key(finding: Finding) -> tuple[object, ...]:
    return finding.document, finding.tool_label, finding.rule, finding.path


def resolved(before: Sequence[Finding], after: Sequence[Finding], unsafe: bool = False) -> int:
    """How many findings of ``before`` that had a fix (safe, or also unsafe) are gone from
    ``after``. Findings a fix itself raised and a later pass fixed do not count: the number is
    the one the report before fixing announced."""
    wanted = Counter(_key(f) for f in before if choose_fix(f, unsafe) is not None)
    left = Counter(_key(f) for f in after)
    return sum((wanted - left).values())


def count(results: Sequence[FileResult]) -> Counts:
    errors = warnings = information = fixable = 0
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
            fixable += has_safe_fix(finding)
            files.add(result.path)
            if finding.tool_label is not None:
                tools.add((result.path, finding.document, finding.tool_label))
    return Counts(errors, warnings, information, len(tools), len(files),
                  sum(r.tool_count for r in results), len(results), fixable,
                  sum(r.fixed for r in results), sum(1 for r in results if r.fixed),
                  sum(r.underived for r in results), sum(r.underived_lists for r in results))


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def summary_line(counts: Counts) -> str:
    """``1 error, 3 warnings in 3 of 4 tools (1 of 2 files).`` — or, when clean, what was
    checked: ``All checks passed: 4 tools in 2 files.`` — never when nothing was checked."""
    if counts.total == 0 and counts.files_checked == 0:
        return "Nothing checked: no tool-schema document or server module was found."
    if counts.total == 0:
        return (f"All checks passed: {plural(counts.tools_checked, 'tool')} in "
                f"{plural(counts.files_checked, 'file')}.")
    parts = [plural(counts.errors, "error"), plural(counts.warnings, "warning")]
    if counts.information:
        parts.append(f"{counts.information} info")
    head = ", ".join(parts)
    files = f"{counts.files_with_findings} of {plural(counts.files_checked, 'file')}"
    unread = [plural(n, what) for n, what in ((counts.tools_underived, "tool"),
                                              (counts.lists_underived, "tool list")) if n]
    underived = (f" {' and '.join(unread)} found but not derived (unknown-schema)."
                 if unread else "")
    if counts.tools_with_findings:
        return (f"{head} in {counts.tools_with_findings} of "
                f"{plural(counts.tools_checked, 'tool')} ({files}).{underived}")
    return f"{head} in {files}.{underived}"


def fixed_line(counts: Counts) -> str | None:
    """What ``--fix`` did: as many problems as the report before it said could be fixed."""
    if not counts.fixed:
        return None
    return (f"Fixed {plural(counts.fixed, 'problem')} in "
            f"{plural(counts.files_fixed, 'file')}.")


def fixable_line(counts: Counts) -> str | None:
    if not counts.fixable:
        return None
    return (f"{counts.fixable} can be fixed without changing the contract: run "
            "`portlint check --fix`.")
