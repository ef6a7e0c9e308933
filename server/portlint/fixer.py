"""Applying fixes: one at a time, or all safe ones until nothing changes.

The same routine serves ``portlint check --fix``, the editor's ``source.fixAll.portlint`` and its
"fix all" command, so they always agree. Each pass lints, picks fixes whose edits do not overlap
and of which no two add, remove or rename members of one object (a finding inside another's range
is offered first, and wins; the others are reconsidered on the next pass, against the new text),
applies them, and lints again. A fix can never leave a document broken: where a pass's result
no longer parses, the fixes that break the text on their own are left out (and never offered
again) and the pass is made without them.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Callable, Iterable

from portlint.fix_choice import choose_fix
from portlint.fixes.textdiff import ChangeMap
from portlint.linter import LintResult
from portlint.model import Finding, Fix, TextEdit
from portlint.records import NamedTuple
from portlint.source.located import Path

MAX_PASSES = 20


def apply_edits(text: str, edits: Iterable[TextEdit]) -> str:
    """Apply non-overlapping edits (offsets into ``text``)."""
    ordered = sorted(edits, key=lambda e: (e.start, e.end))
    parts: list[str] = []
    position = 0
    for edit in ordered:
        if edit.start < position:
            raise ValueError("overlapping edits")
        parts.append(text[position:edit.start])
        parts.append(edit.content)
        position = edit.end
    parts.append(text[position:])
    return "".join(parts)


def _overlaps(a: TextEdit, b: TextEdit) -> bool:
    if a.start == a.end and b.start == b.end:
        return a.start == b.start
    if a.start == a.end:
        return b.start < a.start < b.end
    if b.start == b.end:
        return a.start < b.start < a.end
    return a.start < b.end and b.start < a.end


class _Taken:
    """The edits chosen so far, in order of (start, end), none overlapping another: an edit is
    checked against its neighbours only (a bisection), so choosing among thousands of fixes
    costs a few comparisons each, not one per fix already chosen."""

    __slots__ = ("edits", "keys")

    def __init__(self) -> None:
        self.keys: list[tuple[int, int]] = []
        self.edits: list[TextEdit] = []

    def clashes(self, edit: TextEdit) -> bool:
        keys, edits = self.keys, self.edits
        i = bisect.bisect_left(keys, (edit.start, -1))
        # only the edit just before it can reach into it (the chosen ones do not overlap);
        # those starting inside it or at its edges follow in order, up to its end
        if i and _overlaps(edit, edits[i - 1]):
            return True
        while i < len(edits) and keys[i][0] <= edit.end:
            if _overlaps(edit, edits[i]):
                return True
            i += 1
        return False

    def add(self, edit: TextEdit) -> None:
        i = bisect.bisect_right(self.keys, (edit.start, edit.end))
        self.keys.insert(i, (edit.start, edit.end))
        self.edits.insert(i, edit)


def compatible_fixes(findings: Iterable[Finding], unsafe: bool = False) -> list[Fix]:
    """Fixes to apply together in one pass: none of their edits overlap, and no two add, remove
    or rename members of one object (edits far apart in its text that would still clash: two
    fixes each adding `type` to it).

    Where fixes reshape one object, the one that goes first is the one offered first — unless it
    only adds members and another removes or renames some: that one goes first (a merge brings
    members an addition would have put beside them, and stops once they are there). A fix that
    waits for one offered before it keeps its turn on the objects it would reshape."""
    offered = [(finding.document, fix) for finding in findings
               if (fix := choose_fix(finding, unsafe)) is not None
               and not _self_overlapping(fix.edits)]
    # (document, object) that a fix removing or renaming members will reshape
    restructured = {(document, path) for document, fix in offered if not _adds_only(fix)
                    for path in fix.reshapes}
    chosen: list[Fix] = []
    taken = _Taken()
    reshaped: set[tuple[int, Path]] = set()  # (document, object) a fix changes or waits for
    for document, fix in offered:
        objects = {(document, path) for path in fix.reshapes}
        if _adds_only(fix) and not restructured.isdisjoint(objects):
            continue  # after the restructuring fix, in a later pass if it is still needed
        if any(taken.clashes(e) for e in fix.edits) or not reshaped.isdisjoint(objects):
            reshaped |= objects
            continue
        chosen.append(fix)
        for edit in fix.edits:
            taken.add(edit)
        reshaped |= objects
    return chosen


def _adds_only(fix: Fix) -> bool:
    """Whether a fix only inserts text (an added member, an added keyword)."""
    return all(edit.start == edit.end for edit in fix.edits)


def _self_overlapping(edits: tuple[TextEdit, ...]) -> bool:
    """Whether a fix's own edits overlap as :func:`apply_edits` refuses (insertions at one
    place are a fix's own business, applied in order)."""
    if len(edits) < 2:
        return False
    ordered = sorted(edits, key=lambda e: (e.start, e.end))
    return any(b.start < a.end for a, b in itertools.pairwise(ordered))


def _innermost_first(findings: list[Finding]) -> list[Finding]:
    """The findings in the order their fixes are offered to a pass: a finding inside another's
    range first (an inner fix, applied, leaves the outer one to be judged on the new text)."""
    return sorted(findings, key=lambda f: (f.document, -f.span[0], f.span[1]))


class FixOutcome(NamedTuple):
    text: str
    applied: int  # how many fixes were applied over all passes
    result: LintResult  # the lint of ``text``
    changes: ChangeMap | None = None  # where ``text`` differs from the original, pass by pass


def fix_all(text: str, lint: Callable[[str], LintResult], unsafe: bool = False) -> FixOutcome:
    """Apply safe (and, if asked, unsafe) fixes repeatedly until the text stops changing."""
    result = lint(text)
    applied = 0
    changes = ChangeMap()
    parses = not _broken(result)
    refused: set[tuple[str, tuple[str, ...]]] = set()  # fixes whose text would not parse
    for _ in range(MAX_PASSES):
        offered = [f for f in _innermost_first(result.findings) if not refused
                   or (fix := choose_fix(f, unsafe)) is None or _identity(fix) not in refused]
        fixes = compatible_fixes(offered, unsafe)
        if not fixes:
            break
        candidate = apply_edits(text, _edits(fixes))  # one pass over the text for all of them
        if candidate == text:
            break
        candidate_result = lint(candidate)
        if parses and _broken(candidate_result):
            # never trade a parsing document for a broken one: the fixes that break it alone
            # are never offered again, and the others go ahead without them
            breaking = [fix for fix in fixes if _broken(lint(apply_edits(text, fix.edits)))]
            refused.update(map(_identity, breaking))
            fixes = [fix for fix in fixes if fix not in breaking]
            if not fixes:
                continue  # the fixes they held up are offered in the next pass
            candidate = apply_edits(text, _edits(fixes))
            candidate_result = lint(candidate)
            if _broken(candidate_result):
                break  # only together do they break it
        text, result = candidate, candidate_result
        changes.apply(_edits(fixes))
        applied += len(fixes)
    return FixOutcome(text, applied, result, changes)


def _edits(fixes: list[Fix]) -> list[TextEdit]:
    """The edits of a pass, in order."""
    return sorted((e for fix in fixes for e in fix.edits), key=lambda e: (e.start, e.end))


def _broken(result: LintResult) -> bool:
    return any(f.rule == "parse-error" for f in result.findings)


def _identity(fix: Fix) -> tuple[str, tuple[str, ...]]:
    """A fix as it is offered again in a later pass, whose offsets may have moved: its title
    and the text it writes."""
    return fix.title, tuple(e.content for e in fix.edits)
