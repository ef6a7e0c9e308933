"""The machine report: one JSON document, ``{"findings": [...], "summary": {...}}``.

The summary's fields say what they count: ``errors``, ``warnings``, ``information`` (findings by
severity), ``tools_with_findings`` of ``tools_checked``, ``files_with_findings`` of
``files_checked``, ``tools_not_derived`` (tools found whose schema portlint could not derive:
one ``unknown-schema`` each), ``fixable`` (findings with a safe fix: what ``--fix`` fixes) and
``fixed`` (what this run's ``--fix`` fixed, counted the same way), ``unreadable`` (inputs that
could not be checked, each with the reason; the run then exits 2) and ``skipped`` (files a
directory search passed over on purpose, with the reason).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from portlint.model import Finding
from portlint.report.indented_json import dumps_indented
from portlint.report.notes import RunNotes
from portlint.report.summary import FileResult, count

Places = dict[int, tuple[int, int]]


def _location(places: Places, offset: int) -> dict[str, int]:
    line, column = places[offset]
    return {"line": line, "column": column}


def _offsets(finding: Finding) -> Iterator[int]:
    """Every offset :func:`finding_to_json` places."""
    yield from finding.span
    for fix in finding.fixes:
        for edit in fix.edits:
            yield edit.start
            yield edit.end


def finding_to_json(result: FileResult, finding: Finding,
                    places: Places | None = None) -> dict[str, Any]:
    """``places``: the positions of the finding's offsets (:meth:`FileResult.positions`),
    found here when not given."""
    if places is None:
        places = result.positions(_offsets(finding))
    data: dict[str, Any] = {
        "file": result.path,
        "tool": finding.tool,
        "rule": finding.rule,
        "severity": finding.severity.value,
        "path": finding.path,
        "pointer": finding.pointer,
        "location": _location(places, finding.span[0]),
        "end_location": _location(places, finding.span[1]),
        "message": finding.message,
        "suggestion": finding.suggestion,
        "fixes": [
            {
                "title": fix.title,
                "applicability": fix.applicability.value,
                "edits": [
                    {"location": _location(places, e.start),
                     "end_location": _location(places, e.end), "content": e.content}
                    for e in fix.edits
                ],
            }
            for fix in finding.fixes
        ],
    }
    if finding.also_reached_as:
        data["also_reached_as"] = list(finding.also_reached_as)
    return data


def _findings_json(result: FileResult) -> list[dict[str, Any]]:
    """A file's findings, every offset of them placed in one sweep of its text."""
    places = result.positions(offset for f in result.findings for offset in _offsets(f))
    return [finding_to_json(result, f, places) for f in result.findings]


def render_json(results: Sequence[FileResult], notes: RunNotes | None = None) -> str:
    counts = count(results)
    document = {
        "findings": [item for r in results for item in _findings_json(r)],
        "summary": {
            "errors": counts.errors,
            "warnings": counts.warnings,
            "information": counts.information,
            "tools_with_findings": counts.tools_with_findings,
            "tools_checked": counts.tools_checked,
            "files_with_findings": counts.files_with_findings,
            "files_checked": counts.files_checked,
            "tools_not_derived": counts.tools_underived,
            "fixable": counts.fixable,
            "fixed": counts.fixed,
            # what could not be checked (the run then exits 2) and what a directory search
            # passed over on purpose, each with the reason
            "unreadable": [{"file": n.file, "reason": n.reason}
                           for n in (notes.unreadable if notes is not None else ())],
            "skipped": [{"file": n.file, "reason": n.reason}
                        for n in (notes.skipped if notes is not None else ())],
        },
    }
    return dumps_indented(document) + "\n"  # json.dumps(indent=2)'s text, faster
