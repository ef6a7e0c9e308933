"""Which rendered fixes may be offered: a fix edits the place its finding is about, and nothing
else the author wrote.

Two ways an edit reaches further than its finding, each withheld here (the finding stays, and
its suggestion says why it is not fixed automatically):

* **Text read in other places.** A YAML anchored node is read where it is written and again at
  each alias of it, so an edit inside it changes every one of those places. That is what a fix
  wants when each place is one the finding is about (a schema shared by two tools:
  :func:`~portlint.placement.merge_aliased` made them one finding), and never when another place
  holds the node as data (a `const`, an `x-` key) or as a schema this finding is not about. A fix
  is kept only if every edit inside an anchored node lies in anchored nodes that hold the
  finding's own place, all of whose places the finding covers; an edit across an anchored node's
  bounds (which would rewrite the anchor itself) is never kept.
* **Comments.** An edit that replaces text holding a comment — YAML's and Python's ``#``,
  TypeScript's ``//`` and ``/* */``, outside any string — without writing that comment again
  would delete the author's words. Fixes that keep the text they move (a hoisted branch's
  members, comments between them included) keep its comments and are offered.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from portlint.model import Finding, Fix, TextEdit
from portlint.source.document import ParsedSource, SharedNode, TextSpans, text_spans
from portlint.source.located import Span

# a comment in each format with comments (strings are told apart by the located tree's spans)
_COMMENTS = {
    "yaml": re.compile(r"(?<![^ \t\r\n])#[^\r\n]*"),  # `#` at a line's start or after a blank
    "python": re.compile(r"#[^\r\n]*"),
    "typescript": re.compile(r"//[^\r\n]*|/\*.*?\*/", re.S),
}
_MARKS = {"yaml": "#", "python": "#", "typescript": "/"}
# where one of them opens (found in the part of the text an edit covers, then read whole)
_OPENINGS = {"yaml": re.compile(r"(?<![^ \t\r\n])#"), "python": re.compile("#"),
             "typescript": re.compile(r"//|/\*")}


def guarded(findings: list[Finding], source: ParsedSource) -> list[Finding]:
    """The findings without the fixes that reach past their place (see the module)."""
    shared = {d.index: d.shared for d in source.documents if d.shared}
    comments = _Comments(source)
    if not shared and not comments.possible:
        return findings
    out: list[Finding] = []
    for finding in findings:
        if not any(fix.edits for fix in finding.fixes):
            out.append(finding)
            continue
        nodes = shared.get(finding.document, ())
        kept: list[Fix] = []
        reasons: list[str] = []
        for fix in finding.fixes:
            reason = (_anchor_reason(fix, finding, nodes) if nodes else None) or (
                comments.reason(fix.edits))
            if reason is None:
                kept.append(fix)
            elif reason not in reasons:
                reasons.append(reason)
        if not reasons:
            out.append(finding)
            continue
        out.append(finding._replace(fixes=tuple(kept), suggestion=(
            f"{finding.suggestion} No automatic fix here: it would {'; or '.join(reasons)}."
        ).lstrip()))
    return out


# -- YAML anchors ------------------------------------------------------------------------------

def _anchor_reason(fix: Fix, finding: Finding, nodes: Sequence[SharedNode]) -> str | None:
    start, end = finding.span
    holding = [node for node in nodes if _inside(start, end, node.span)]
    places = math.prod(node.uses for node in holding)
    reached = 1 + len(finding.also_reached_as)
    stopping: list[SharedNode] = []
    for edit in fix.edits:
        for node in nodes:
            if _inside(edit.start, edit.end, node.span):
                if node not in holding or places != reached:
                    stopping.append(node)
            elif _touches(edit.start, edit.end, node.span):
                stopping.append(node)  # across the anchored node's bounds
    if not stopping:
        return None
    anchors = ", ".join(dict.fromkeys(f"`&{node.name}`" for node in stopping))
    return (f"rewrite the YAML anchor {anchors}, which the document also reads in places this "
            "finding is not about")


def _inside(start: int, end: int, span: Span) -> bool:
    return span[0] <= start and end <= span[1]


def _touches(start: int, end: int, span: Span) -> bool:
    """Whether ``[start, end)`` is inside ``span`` or overlaps it (an insertion at either of its
    ends counts: it may extend the node)."""
    return _inside(start, end, span) or (start < span[1] and span[0] < end)


# -- comments ----------------------------------------------------------------------------------

class _Comments:
    """The comments in the parts of a source's text that edits cover."""

    __slots__ = ("possible", "source")

    def __init__(self, source: ParsedSource) -> None:
        self.source = source
        mark = _MARKS.get(source.format)
        self.possible = mark is not None and mark in source.text

    def reason(self, edits: Sequence[TextEdit]) -> str | None:
        """What the edits would delete, said as a fix's reason (None: no comment)."""
        if not self.possible:
            return None
        text = self.source.text
        mark = _MARKS[self.source.format]
        for edit in edits:
            if text.find(mark, edit.start, edit.end) < 0:
                continue
            for start, end in self._within(edit.start, edit.end):
                comment = text[start:end].rstrip()
                if comment not in edit.content:
                    line = text.count("\n", 0, start) + 1
                    shown = comment if len(comment) <= 40 else comment[:39] + "…"
                    return f"delete the comment `{shown}` on line {line}"
        return None

    def _within(self, start: int, end: int) -> list[Span]:
        """The comments that start in ``[start, end)``: the marks there that are not inside a
        string, a key or a block scalar (only the nodes reaching into that part are walked)."""
        text = self.source.text
        strings: TextSpans | None = None
        found: list[Span] = []
        fmt = self.source.format
        for mark in _OPENINGS[fmt].finditer(text, start, end):
            at = mark.start()
            if strings is None:
                strings = text_spans(self.source, start, end)
            if strings.covers(at):
                continue  # inside a string, a key or a block scalar
            # the whole comment, also where it runs past ``end``
            whole = _COMMENTS[fmt].match(text, at)
            found.append(whole.span() if whole is not None else (at, end))
        return found
