"""Re-linting only what an edit touched: per-tool results keyed by the tool's place and text.

In the editor a one-character edit in a 1 MB tool list changes one tool. The findings of every
other tool depend only on that tool's text, its position in the list (paths and pointers name
it) and the settings, so they are kept from the previous lint — with their offsets moved to where
the tool now starts — and only the edited tool is walked and checked again. The result is the
same as a full lint (the tests compare them edit by edit).

Used for JSON documents only: a YAML tool can share schemas with other tools through aliases and
merge keys, so its findings are not a function of its own text.
"""

from __future__ import annotations

from typing import NamedTuple

from portlint.model import Finding, Fix, TextEdit
from portlint.settings import Settings
from portlint.source.located import Path


def shift(finding: Finding, delta: int) -> Finding:
    """The same finding with every offset moved by ``delta``."""
    if delta == 0:
        return finding
    return finding._replace(
        span=(finding.span[0] + delta, finding.span[1] + delta),
        key_offset=None if finding.key_offset is None else finding.key_offset + delta,
        fixes=tuple(Fix(fix.title, fix.applicability,
                        tuple(TextEdit(e.start + delta, e.end + delta, e.content)
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
    crashes: tuple[tuple[str, str | None, str], ...] = ()

    def moved_to(self, start: int) -> list[Finding]:
        """The findings for the tool now starting at ``start``."""
        delta = start - self.start
        return [shift(f, delta) for f in self.findings] if delta else list(self.findings)


class ToolCache:
    """Findings per (tool path, digest of the tool's text), for one document under one set of
    settings."""

    def __init__(self) -> None:
        self._entries: dict[tuple[Path, bytes], ToolEntry] = {}
        self._next: dict[tuple[Path, bytes], ToolEntry] = {}
        self._settings: Settings | None = None
        self.hits = 0
        self.misses = 0

    def begin(self, settings: Settings) -> None:
        if settings != self._settings:
            self._entries = {}
            self._settings = settings
        self._next = {}
        self.hits = self.misses = 0

    def get(self, key: tuple[Path, bytes]) -> ToolEntry | None:
        entry = self._entries.get(key)
        if entry is not None:
            self.hits += 1
            self._next[key] = entry
        else:
            self.misses += 1
        return entry

    def put(self, key: tuple[Path, bytes], entry: ToolEntry) -> None:
        self._next[key] = entry

    def finish(self) -> None:
        """Keep only the tools of the latest text (memory stays bounded by one document)."""
        self._entries = self._next
        self._next = {}
