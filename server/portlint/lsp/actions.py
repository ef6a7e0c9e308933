"""Code actions: one quick fix per fix of each diagnostic, and fix-all.

Quick fixes are read from the fixes each diagnostic carries (computed when it was linted). A safe
fix is the preferred action; an unsafe one is never preferred and its title says what changes;
display-only advice has no action. ``source.fixAll.portlint`` applies every safe fix until the
document is stable — the routine ``portlint check --fix`` runs — computed once per version.
Anything requested from diagnostics of an older version, or of an earlier open of the same URI,
gets no action: an edit computed for other text would land in the wrong place.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lsprotocol import types

from portlint.fixer import fix_all
from portlint.linter import LintResult
from portlint.lsp.convert import SOURCE, absolute_fixes, edits_json, range_json, workspace_edit
from portlint.lsp.linting import Linted
from portlint.model import Applicability

FIX_ALL_KIND = "source.fixAll.portlint"
KINDS = [types.CodeActionKind.QuickFix, types.CodeActionKind.SourceFixAll, FIX_ALL_KIND]


def _wants(only: list[str] | None, kind: str) -> bool:
    if not only:
        return True
    return any(kind == k or kind.startswith(k + ".") for k in only)


def _ranges_overlap(a: types.Range, b: types.Range) -> bool:
    def key(p: types.Position) -> tuple[int, int]:
        return p.line, p.character

    return key(a.start) <= key(b.end) and key(b.start) <= key(a.end)


def _fixes_of(diagnostic: types.Diagnostic) -> list[dict[str, Any]]:
    return absolute_fixes(diagnostic.data) or []


_MISSING = object()


def _stamp(diagnostic: types.Diagnostic) -> Any:
    """Which open and version of the document a diagnostic was made for (``_MISSING`` when the
    client dropped ``data``)."""
    data = diagnostic.data
    if not isinstance(data, dict) or "version" not in data:
        return _MISSING
    return (data.get("version"), data.get("open"))


def quick_fixes(params: types.CodeActionParams, linted: Linted, versioned: bool
                ) -> list[types.CodeAction]:
    """Quick fixes for the request's diagnostics. The fixes come from the server's own lint of
    this version, found by the diagnostic's range, code and message — never from the ``data``
    the client sent back, which it may have altered: a diagnostic the server did not make gets
    no fix."""
    sent = [d for d in params.context.diagnostics if d.source == SOURCE]
    if sent:
        found = [d for d in (linted.stored(sent_one) for sent_one in sent) if d is not None]
        chosen = list({id(d): d for d in found}.values())
    else:
        chosen = [d for d in linted.diagnostics if _ranges_overlap(d.range, params.range)]
    actions: list[types.CodeAction] = []
    for diagnostic in chosen:
        for fix in _fixes_of(diagnostic):
            actions.append(types.CodeAction(
                title=f"portlint: {fix['title']}",
                kind=types.CodeActionKind.QuickFix,
                diagnostics=[diagnostic],
                is_preferred=fix["applicability"] == "safe",
                edit=workspace_edit(linted.uri, linted.version,
                                    edits_json(linted.mapper, fix["edits"]), versioned),
            ))
    return actions


def minimal_edit(old: str, new: str) -> tuple[int, int, str]:
    """One replacement turning ``old`` into ``new``: the changed middle, not the whole text."""
    start = 0
    limit = min(len(old), len(new))
    while start < limit and old[start] == new[start]:
        start += 1
    end_old, end_new = len(old), len(new)
    while end_old > start and end_new > start and old[end_old - 1] == new[end_new - 1]:
        end_old -= 1
        end_new -= 1
    return start, end_old, new[start:end_new]


LintOtherText = Callable[[str], LintResult]  # lints another text of the same document


def fix_all_edit(linted: Linted, lint_other: LintOtherText, versioned: bool
                 ) -> types.WorkspaceEdit | None:
    """The edit applying every safe fix, or None when there is nothing to fix. Computed once per
    lint of a version: every code-action request after the first reuses it."""
    if not linted.fix_all_done:
        linted.fix_all = _fix_all(linted, lint_other)
        linted.fix_all_done = True
    if linted.fix_all is None:
        return None
    start, end, content = linted.fix_all
    return workspace_edit(linted.uri, linted.version,
                          [{"range": range_json(linted.mapper, start, end), "newText": content}],
                          versioned)


def _fix_all(linted: Linted, lint_other: LintOtherText) -> tuple[int, int, str] | None:
    first = linted.result
    if first is None or not any(
            fix.applicability is Applicability.SAFE for f in first.findings for fix in f.fixes):
        return None

    def lint(text: str) -> LintResult:
        return first if text is linted.text else lint_other(text)

    outcome = fix_all(linted.text, lint)
    if outcome.applied == 0 or outcome.text == linted.text:
        return None
    return minimal_edit(linted.text, outcome.text)


def fix_all_action(linted: Linted, lint_other: LintOtherText, versioned: bool
                   ) -> types.CodeAction | None:
    edit = fix_all_edit(linted, lint_other, versioned)
    if edit is None:
        return None
    return types.CodeAction(title="portlint: Fix all safe problems", kind=FIX_ALL_KIND,
                            edit=edit)


def code_actions(params: types.CodeActionParams, linted: Linted, lint_other: LintOtherText,
                 versioned: bool) -> list[types.CodeAction]:
    """The actions for the document's current lint. A request carrying diagnostics of another
    version or another open of the document gets none: any edit could misfire."""
    current = (linted.version, linted.opened)
    if any(stamp is not _MISSING and stamp != current
           for stamp in (_stamp(d) for d in params.context.diagnostics if d.source == SOURCE)):
        return []
    only = [str(k) for k in params.context.only] if params.context.only else None
    actions: list[types.CodeAction] = []
    if _wants(only, types.CodeActionKind.QuickFix):
        actions.extend(quick_fixes(params, linted, versioned))
    if _wants(only, FIX_ALL_KIND):
        action = fix_all_action(linted, lint_other, versioned)
        if action is not None:
            actions.append(action)
    return actions
