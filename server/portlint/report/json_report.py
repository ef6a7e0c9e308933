"""The machine report: one JSON document, ``{"findings": [...], "summary": {...}}``.

The summary's fields say what they count: ``errors``, ``warnings``, ``information`` (findings by
severity), ``tools_with_findings`` of ``tools_checked``, ``files_with_findings`` of
``files_checked``, ``tools_not_derived`` (tools found whose schema portlint could not derive:
one ``unknown-schema`` each; not a tool whose schemas are derived though its name or a
description is not), ``tool_lists_not_derived`` (a low-level handler's list, a bundle's tools:
one ``unknown-schema`` for however many tools), ``fixable`` (findings with a safe fix: what
``--fix`` fixes) and ``fixed`` (what this run's ``--fix`` fixed, counted the same way),
``unreadable`` (inputs that could not be checked, each with the reason; the run then exits 2)
and ``skipped`` (files a directory search passed over on purpose, with the reason).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from json.encoder import encode_basestring as _escape  # the C escaper json.dumps uses

from portlint.model import Finding
from portlint.report.indented_json import Unusual, dumps_indented, indented, scalar
from portlint.report.notes import RunNotes
from portlint.report.summary import FileResult, count

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

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
    summary = {
        "errors": counts.errors,
        "warnings": counts.warnings,
        "information": counts.information,
        "tools_with_findings": counts.tools_with_findings,
        "tools_checked": counts.tools_checked,
        "files_with_findings": counts.files_with_findings,
        "files_checked": counts.files_checked,
        "tools_not_derived": counts.tools_underived,
        "tool_lists_not_derived": counts.lists_underived,
        "fixable": counts.fixable,
        "fixed": counts.fixed,
        # what could not be checked (the run then exits 2) and what a directory search
        # passed over on purpose, each with the reason
        "unreadable": [{"file": n.file, "reason": n.reason}
                       for n in (notes.unreadable if notes is not None else ())],
        "skipped": [{"file": n.file, "reason": n.reason}
                    for n in (notes.skipped if notes is not None else ())],
    }
    try:
        return _written(results, summary)
    except (Unusual, TypeError):  # a value of another kind than the report's (the escaper
        pass  # takes strings only): the standard library's text, or its refusal
    document = {"findings": [item for r in results for item in _findings_json(r)],
                "summary": summary}
    return dumps_indented(document) + "\n"  # json.dumps(indent=2)'s text, faster


# The report written straight as text: the document render_json's fallback builds, as
# ``json.dumps(document, indent=2, ensure_ascii=False)`` lays it out (a test holds the two to
# the same text), without building a dict per finding, fix and place and walking them again.

def _written(results: Sequence[FileResult], summary: dict[str, Any]) -> str:
    findings = [text for r in results for text in _findings_text(r)]
    listed = "[\n    " + ",\n    ".join(findings) + "\n  ]" if findings else "[]"
    return f'{{\n  "findings": {listed},\n  "summary": {indented(summary, chr(10) + "  ")}\n}}\n'


def _findings_text(result: FileResult) -> list[str]:
    places = result.positions(offset for f in result.findings for offset in _offsets(f))
    file = scalar(result.path)
    return [_finding_text(file, f, places) for f in result.findings]


def _place_text(places: Places, offset: int, newline: str) -> str:
    line, column = places[offset]
    if type(line) is not int or type(column) is not int:
        raise Unusual
    inner = newline + "  "
    return f"{{{inner}\"line\": {line},{inner}\"column\": {column}{newline}}}"


_IN_FINDING = "\n      "
_IN_FIX = "\n          "
_IN_EDIT = "\n              "


def _finding_text(file: str, finding: Finding, places: Places) -> str:
    """One finding, at the indentation of an item of ``findings``."""
    start, end = finding.span
    at = _IN_FINDING
    parts = [
        f'{{{at}"file": {file}',
        f'{at}"tool": {scalar(finding.tool)}',
        f'{at}"rule": {_escape(finding.rule)}',
        f'{at}"severity": {_escape(finding.severity.value)}',
        f'{at}"path": {scalar(finding.path)}',
        f'{at}"pointer": {scalar(finding.pointer)}',
        f'{at}"location": {_place_text(places, start, at)}',
        f'{at}"end_location": {_place_text(places, end, at)}',
        f'{at}"message": {_escape(finding.message)}',
        f'{at}"suggestion": {scalar(finding.suggestion)}',
        f'{at}"fixes": {_fixes_text(finding, places)}',
    ]
    if finding.also_reached_as:
        parts.append(f'{at}"also_reached_as": {indented(list(finding.also_reached_as), at)}')
    return ",".join(parts) + "\n    }"


def _fixes_text(finding: Finding, places: Places) -> str:
    if not finding.fixes:
        return "[]"
    fixes = []
    for fix in finding.fixes:
        edits = [f'{{{_IN_EDIT}"location": {_place_text(places, e.start, _IN_EDIT)},'
                 f'{_IN_EDIT}"end_location": {_place_text(places, e.end, _IN_EDIT)},'
                 f'{_IN_EDIT}"content": {_escape(e.content)}\n            }}'
                 for e in fix.edits]
        listed = ("[\n            " + ",\n            ".join(edits) + "\n          ]"
                  if edits else "[]")
        fixes.append(f'{{{_IN_FIX}"title": {_escape(fix.title)},'
                     f'{_IN_FIX}"applicability": {_escape(fix.applicability.value)},'
                     f'{_IN_FIX}"edits": {listed}\n        }}')
    return "[\n        " + ",\n        ".join(fixes) + "\n      ]"
