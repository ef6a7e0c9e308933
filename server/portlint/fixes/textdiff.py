"""What the fixes changed in a text, and that change as a unified diff, in time linear in the text.

``portlint check --diff`` shows what ``--fix`` would write. A general diff (``difflib``) of the
text before and after costs far more than linear on a file with thousands of fixes (repeated
lines defeat its heuristics: 2,000 fixes took 40 s). The fixer knows exactly where it edited, so
:class:`ChangeMap` keeps the edited regions through every pass, in the coordinates of the
original text and of the current one, and :func:`unified_diff` prints those regions — whole
lines, with three lines of context, hunks closer than that merged, as ``diff -u`` and ``difflib``
lay them out. Lines end at the line breaks the engine recognises (LF, CR-LF, CR); a last line
without a line break is marked ``\\ No newline at end of file``, so the diff applies with
``patch``/``git apply``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from portlint.model import TextEdit
from portlint.records import NamedTuple
from portlint.source.text import LineIndex

CONTEXT = 3
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


class Region(NamedTuple):
    """``[old_start, old_end)`` of the original text became ``[new_start, new_end)``."""

    old_start: int
    old_end: int
    new_start: int
    new_end: int


class ChangeMap:
    """The regions edited so far, disjoint and in order (outside them, the original text and
    the current one are the same, shifted)."""

    __slots__ = ("regions",)

    def __init__(self) -> None:
        self.regions: list[Region] = []

    def apply(self, edits: Sequence[TextEdit]) -> None:
        """Record a pass of non-overlapping edits, sorted, in the current text's offsets: the
        regions and edits that overlap or touch become one region (one sweep over both)."""
        if not edits:
            return
        regions = self.regions
        merged: list[Region] = []
        r = e = 0
        old_shift = 0  # current offset − original offset, past the regions swept
        new_shift = 0  # offset after the pass − current offset, past the edits swept
        never = 1 << 62
        while r < len(regions) or e < len(edits):
            start = min(regions[r].new_start if r < len(regions) else never,
                        edits[e].start if e < len(edits) else never)
            old_start = start - old_shift
            end = start
            growth = 0  # how much this pass's edits in the group lengthen it
            while True:
                next_region = regions[r].new_start if r < len(regions) else never
                next_edit = edits[e].start if e < len(edits) else never
                if min(next_region, next_edit) > end:
                    break
                if next_region <= next_edit:
                    region = regions[r]
                    end = max(end, region.new_end)
                    old_shift = region.new_end - region.old_end
                    r += 1
                else:
                    edit = edits[e]
                    end = max(end, edit.end)
                    growth += len(edit.content) - (edit.end - edit.start)
                    e += 1
            merged.append(Region(old_start, end - old_shift, start + new_shift,
                                 end + new_shift + growth))
            new_shift += growth
        self.regions = merged


def unified_diff(old: str, new: str, regions: Sequence[Region], old_name: str,
                 new_name: str) -> str:
    """The regions' lines as a unified diff of ``old`` and ``new`` (``""`` when none)."""
    if old == new:  # later fixes can undo earlier ones: nothing to show
        return ""
    old_lines, new_lines = LineIndex(old), LineIndex(new)
    spans = _whole_lines(old, new, old_lines, new_lines, regions)
    changes: list[tuple[int, int, int, int]] = []  # line ranges [a, b) of old, [c, d) of new
    for old_start, old_end, new_start, new_end in spans:
        a, b = old_lines.position(old_start)[0], _line_at(old_lines, old, old_end)
        c, d = new_lines.position(new_start)[0], _line_at(new_lines, new, new_end)
        # whole lines that came out the same (an edit at a line's start or end) are context
        while a < b and c < d and _line(old, old_lines, a) == _line(new, new_lines, c):
            a, c = a + 1, c + 1
        while a < b and c < d and _line(old, old_lines, b - 1) == _line(new, new_lines, d - 1):
            b, d = b - 1, d - 1
        if a < b or c < d:
            changes.append((a, b, c, d))
    out = [f"--- {old_name}\n", f"+++ {new_name}\n"]
    old_count = _line_count(old_lines, old)
    i = 0
    while i < len(changes):
        j = i  # the changes of one hunk: closer than twice the context
        while j + 1 < len(changes) and changes[j + 1][0] - changes[j][1] <= 2 * CONTEXT:
            j += 1
        first, last = changes[i], changes[j]
        if _text(old, old_lines, first[0], last[1]) == _text(new, new_lines, first[2], last[3]):
            i = j + 1  # the hunk's changes cancel out (regions split where the text came back)
            continue
        old_from = max(first[0] - CONTEXT, 0)
        new_from = first[2] - (first[0] - old_from)
        old_to = min(last[1] + CONTEXT, old_count)
        new_to = last[3] + (old_to - last[1])
        out.append(f"@@ -{_range(old_from, old_to)} +{_range(new_from, new_to)} @@\n")
        line = old_from
        for a, b, c, d in changes[i:j + 1]:
            out.extend(_lines(" ", old, old_lines, line, a))
            out.extend(_lines("-", old, old_lines, a, b))
            out.extend(_lines("+", new, new_lines, c, d))
            line = b
        out.extend(_lines(" ", old, old_lines, line, old_to))
        i = j + 1
    return "".join(out) if len(out) > 2 else ""


def _whole_lines(old: str, new: str, old_lines: LineIndex, new_lines: LineIndex,
                 regions: Sequence[Region]) -> list[list[int]]:
    """The regions widened to whole lines on both sides at once, merged where they then meet.

    Between two regions the texts are the same, so a region is widened by the same stretch of
    that common text on both sides: back to where both sides start a line, and on to where both
    sides start the next one. Changes then begin and end at line starts in both texts, and the
    lines between them are the same lines."""
    def both_start_lines(old_offset: int, new_offset: int) -> bool:
        return (old_lines.position(old_offset)[1] == 0 and new_lines.position(new_offset)[1] == 0)

    spans: list[list[int]] = []
    for i, region in enumerate(regions):
        old_start, old_end, new_start, new_end = region
        floor = regions[i - 1].old_end if i else 0
        ceiling = regions[i + 1].old_start if i + 1 < len(regions) else len(old)
        start = old_start
        while start > floor and not both_start_lines(start, new_start - (old_start - start)):
            start = max(old.rfind("\n", floor, start - 1), old.rfind("\r", floor, start - 1),
                        floor - 1) + 1
            if start <= floor:
                start = floor
                break
        end = old_end
        while end < ceiling and not both_start_lines(end, new_end + (end - old_end)):
            found = _LINE_BREAK.search(old, end, ceiling)
            end = found.end() if found is not None else ceiling
        span = [start, end, new_start - (old_start - start), new_end + (end - old_end)]
        if spans and span[0] <= spans[-1][1]:
            spans[-1][1], spans[-1][3] = span[1], span[3]
        else:
            spans.append(span)
    return spans


def _line_at(index: LineIndex, text: str, offset: int) -> int:
    """The line starting at ``offset`` (the end of the text: the line count)."""
    return index.position(offset)[0] if offset < len(text) else _line_count(index, text)


def _line_count(index: LineIndex, text: str) -> int:
    """Lines as a diff counts them: no empty line after a final line break."""
    if not text:
        return 0
    return index.line_count - 1 if text.endswith(("\n", "\r")) else index.line_count


def _text(text: str, index: LineIndex, start: int, stop: int) -> str:
    """Lines ``[start, stop)`` of a text, as one string."""
    begin = index.line_start(start) if start < index.line_count else len(text)
    end = index.line_start(stop) if stop < index.line_count else len(text)
    return text[begin:end]


def _line(text: str, index: LineIndex, line: int) -> str:
    start = index.line_start(line)
    end = index.line_start(line + 1) if line + 1 < index.line_count else len(text)
    return text[start:end]


def _lines(mark: str, text: str, index: LineIndex, start: int, stop: int) -> list[str]:
    out = []
    for line in range(start, stop):
        body = _line(text, index, line)
        if body.endswith(("\n", "\r")):
            out.append(mark + body)
        else:  # the last line, without a line break
            out.append(mark + body + "\n\\ No newline at end of file\n")
    return out


def _range(start: int, stop: int) -> str:
    """A hunk header's ``start,length`` (1-based), as ``diff -u`` writes it."""
    length = stop - start
    if length == 1:
        return str(start + 1)
    return f"{start + 1 if length else start},{length}"
