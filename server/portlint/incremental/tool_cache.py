"""The per-tool cache: each tool's findings keyed by the tool's place and text.

In the editor a one-character edit in a 1 MB tool list changes one tool. The findings of every
other tool depend only on that tool's text, its position in the list (paths and pointers name
it) and the settings, so they are kept from the previous lint — with their offsets moved to where
the tool now starts — and only the edited tool is walked and checked again. The result is the
same as a full lint (the tests compare them edit by edit).

Used for formats whose reader says a tool stands alone (JSON); a YAML tool can share schemas with
other tools through aliases and merge keys, so its findings are not a function of its own text.
"""

from __future__ import annotations

from typing import NamedTuple

from portlint.linter import LintResult, RootChecker, RuleCrash, ToolRoots, check_tool, lint_source
from portlint.model import Finding, TextEdit
from portlint.readers import format_for, read_source, reader_for
from portlint.settings import Settings
from portlint.source.document import Format
from portlint.source.located import Path


def shift(finding: Finding, delta: int) -> Finding:
    """The same finding with every offset moved by ``delta``."""
    if delta == 0:
        return finding
    return finding._replace(
        span=(finding.span[0] + delta, finding.span[1] + delta),
        key_offset=None if finding.key_offset is None else finding.key_offset + delta,
        fixes=tuple(fix._replace(edits=tuple(TextEdit(e.start + delta, e.end + delta, e.content)
                                             for e in fix.edits)) for fix in finding.fixes),
    )


def tool_digest(text: str, start: int, end: int) -> bytes:
    """A fingerprint of a tool's text: cache keys keep 16 bytes, not a copy of the text."""
    import hashlib  # the editor's cache only: the CLI never needs it

    return hashlib.blake2b(text[start:end].encode("utf-8", "surrogatepass"),
                           digest_size=16).digest()


class ToolEntry(NamedTuple):
    start: int  # where the tool started when its findings were made
    findings: tuple[Finding, ...]  # as made then: the same objects the result holds, no copies
    crashes: tuple[RuleCrash, ...] = ()

    def moved_to(self, start: int) -> list[Finding]:
        """The findings for the tool now starting at ``start``."""
        delta = start - self.start
        return [shift(f, delta) for f in self.findings] if delta else list(self.findings)


class ToolCache:
    """Findings per (tool path, digest of the tool's text), for one document under one set of
    settings. It wraps the pipeline's :func:`~portlint.linter.check_tool` (:meth:`lint`): a
    tool whose text is unchanged is answered from memory, moved to where it now starts."""

    def __init__(self) -> None:
        self._entries: dict[tuple[Path, bytes, Path | None], ToolEntry] = {}
        self._next: dict[tuple[Path, bytes, Path | None], ToolEntry] = {}
        self._settings: Settings | None = None
        self.hits = 0
        self.misses = 0
        # where each tool's text was in the last text linted (a one-document JSON text): the
        # edit lint of the next version starts from it
        self.tool_spans: list[tuple[Path, int, int]] | None = None

    def lint(self, text: str, filename: str | None = None, settings: Settings | None = None, *,
             fmt: Format | None = None, assume_schema: bool = False) -> LintResult:
        """:func:`~portlint.linter.lint_text`, each tool checked through this cache."""
        settings = settings or Settings()
        source = read_source(text, fmt or format_for(filename, text), settings.limits, filename)
        self._begin(settings)
        self.tool_spans = None
        if not reader_for(source.format).tools_stand_alone:
            result = lint_source(source, settings, assume_schema=assume_schema)
        else:
            if len(source.documents) == 1:
                self.tool_spans = []
            result = lint_source(source, settings, assume_schema=assume_schema,
                                 check=self._check)
        self._finish()
        return result

    def _check(self, tool: ToolRoots, checker: RootChecker) -> list[Finding]:
        if tool.path is None:
            return check_tool(tool, checker)
        located = checker.document.locate(tool.path)
        if located is None:
            return check_tool(tool, checker)
        start, end = located.span
        if self.tool_spans is not None:
            self.tool_spans.append((tool.path, start, end))
        owner = tool.roots[0].tool
        # a tool's findings hang on its text, and on whether an earlier tool has its name
        key = (tool.path, tool_digest(checker.renderer.text, start, end),
               owner.duplicate_of if owner is not None else None)
        entry = self._get(key)
        result = checker.result
        if entry is not None:
            result.crashes.extend(entry.crashes)
            return entry.moved_to(start)
        crashes_before = len(result.crashes)
        found = check_tool(tool, checker)
        if not checker.budget.exhausted:  # a tool cut short is not worth remembering
            self._next[key] = ToolEntry(start, tuple(found),
                                        tuple(result.crashes[crashes_before:]))
        return found

    def _begin(self, settings: Settings) -> None:
        if settings != self._settings:
            self._entries = {}
            self._settings = settings
        self._next = {}
        self.hits = self.misses = 0

    def _get(self, key: tuple[Path, bytes, Path | None]) -> ToolEntry | None:
        entry = self._entries.get(key)
        if entry is not None:
            self.hits += 1
            self._next[key] = entry
        else:
            self.misses += 1
        return entry

    def _finish(self) -> None:
        """Keep only the tools of the latest text (memory stays bounded by one document)."""
        self._entries = self._next
        self._next = {}
