"""Contract changes as findings, placed in the documents they were found in."""

from __future__ import annotations

from portlint.contract.tools_diff import ToolChange
from portlint.model import Finding, Severity
from portlint.paths import json_pointer
from portlint.source.document import ParsedSource
from portlint.source.located import Path, Span

BREAKING = "breaking-change"
COMPATIBLE = "compatible-change"


def place(source: ParsedSource, document: int, where: Path, keyword: str | None) -> Span:
    """The range of ``where`` (its ``keyword`` member when written), else of the nearest
    ancestor that is written."""
    documents = [d for d in source.documents if d.index == document]
    if not documents:
        return (0, 0)
    parsed = documents[0]
    if keyword is not None:
        found = parsed.locate((*where, keyword))
        if found is not None:
            return found.key_span or found.span
    path = where
    while True:
        found = parsed.locate(path)
        if found is not None:
            return found.key_span or found.span
        if not path:
            return (0, 0)
        path = path[:-1]


def change_finding(change: ToolChange, source: ParsedSource, rule: str | None = None,
                   severity: Severity | None = None, prefix: str = "") -> Finding:
    """A change as a finding of ``rule`` (by default breaking-change or compatible-change)."""
    chosen = rule or (BREAKING if change.breaking else COMPATIBLE)
    level = severity or (Severity.ERROR if change.breaking else Severity.INFORMATION)
    suggestion = ("Keep the old contract beside the new one, or release this as a breaking "
                  "change." if change.breaking else "")
    return Finding(chosen, level, prefix + change.message, suggestion,
                   place(source, change.document, change.where, change.keyword), change.path,
                   json_pointer(change.where), change.tool, change.tool_label,
                   document=change.document)
