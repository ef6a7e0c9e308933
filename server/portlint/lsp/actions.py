"""Code actions: one quick fix per fix of each diagnostic, and fix-all.

Quick fixes are read from the fixes each diagnostic carries (computed when it was linted). A safe
fix is the preferred action; an unsafe one is never preferred and its title says what changes;
display-only advice has no action. ``source.fixAll.portlint`` applies every safe fix until the
document is stable — the routine ``portlint check --fix`` runs. Anything requested for a version
the server has not linted, or from diagnostics of an older version, gets no action: an edit
computed for other text would land in the wrong place.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lsprotocol import types

from portlint.fixer import fix_all
from portlint.linter import LintResult
from portlint.lsp.convert import SOURCE, absolute_fixes, edits_json, range_json, workspace_edit
from portlint.lsp.linting import Linted

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


def _same(a: types.Diagnostic, b: types.Diagnostic) -> bool:
    return a.range == b.range and a.code == b.code and a.message == b.message


def _fixes_of(diagnostic: types.Diagnostic) -> list[dict[str, Any]] | None:
    return absolute_fixes(diagnostic.data)


def _version_of(diagnostic: types.Diagnostic) -> Any:
    data = diagnostic.data if isinstance(diagnostic.data, dict) else {}
    return data.get("version", _MISSING)


_MISSING = object()


def quick_fixes(params: types.CodeActionParams, version: int | None,
                current: Callable[[], Linted | None], versioned: bool
                ) -> list[types.CodeAction]:
    """Quick fixes for the request's diagnostics, read from their ``data`` when it was computed
    for this very version; a client that dropped ``data`` gets the stored diagnostic's."""
    uri = params.text_document.uri
    chosen: list[tuple[types.Diagnostic, list[dict[str, Any]]]] = []
    sent = [d for d in params.context.diagnostics if d.source == SOURCE]
    linted: Linted | None = None
    for diagnostic in sent:
        stamp = _version_of(diagnostic)
        fixes = _fixes_of(diagnostic)
        if stamp is not _MISSING:
            if stamp == version and fixes is not None:
                chosen.append((diagnostic, fixes))
            continue  # another version's diagnostic: its edits would land in other text
        linted = linted or current()
        match = next((d for d in linted.diagnostics if _same(d, diagnostic)), None) if (
            linted is not None) else None
        if match is not None:
            chosen.append((match, _fixes_of(match) or []))
    if not sent:
        linted = current()
        if linted is not None:
            chosen.extend((d, _fixes_of(d) or []) for d in linted.diagnostics
                          if _ranges_overlap(d.range, params.range))
    actions: list[types.CodeAction] = []
    if not chosen:
        return actions
    linted = linted or current()
    if linted is None or linted.version != version:
        return actions  # the fixes' offsets belong to a text the server no longer has
    for diagnostic, fixes in chosen:
        for fix in fixes:
            actions.append(types.CodeAction(
                title=f"portlint: {fix['title']}",
                kind=types.CodeActionKind.QuickFix,
                diagnostics=[diagnostic],
                is_preferred=fix["applicability"] == "safe",
                edit=workspace_edit(uri, version, edits_json(linted.mapper, fix["edits"]),
                                    versioned),
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


Relint = Callable[[str], LintResult]


def fix_all_edit(linted: Linted, relint: Relint, versioned: bool) -> types.WorkspaceEdit | None:
    """The edit applying every safe fix, or None when there is nothing to fix."""
    first = linted.result
    if first is None:
        return None

    def lint(text: str) -> LintResult:
        return first if text is linted.text else relint(text)

    outcome = fix_all(linted.text, lint)
    if outcome.applied == 0 or outcome.text == linted.text:
        return None
    start, end, content = minimal_edit(linted.text, outcome.text)
    return workspace_edit(linted.uri, linted.version,
                          [{"range": range_json(linted.mapper, start, end), "newText": content}],
                          versioned)


def fix_all_action(linted: Linted | None, relint: Relint, versioned: bool
                   ) -> types.CodeAction | None:
    if linted is None:
        return None
    edit = fix_all_edit(linted, relint, versioned)
    if edit is None:
        return None
    return types.CodeAction(title="portlint: Fix all safe problems", kind=FIX_ALL_KIND,
                            edit=edit)


def code_actions(params: types.CodeActionParams, version: int | None,
                 current: Callable[[], Linted | None], relint: Relint, versioned: bool
                 ) -> list[types.CodeAction]:
    """``current`` lints the document's current version (once; it is cached)."""
    stamps = {_version_of(d) for d in params.context.diagnostics if d.source == SOURCE}
    if any(stamp is not _MISSING and stamp != version for stamp in stamps):
        return []  # asked from an outdated view of the document: any edit could misfire
    only = [str(k) for k in params.context.only] if params.context.only else None
    actions: list[types.CodeAction] = []
    if _wants(only, types.CodeActionKind.QuickFix):
        actions.extend(quick_fixes(params, version, current, versioned))
    if _wants(only, FIX_ALL_KIND):
        action = fix_all_action(current(), relint, versioned)
        if action is not None:
            actions.append(action)
    return actions
