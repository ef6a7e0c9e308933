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

import json
from collections.abc import Sequence
from typing import Any

from portlint.model import Finding
from portlint.report.notes import RunNotes
from portlint.report.summary import FileResult, count


def _location(result: FileResult, offset: int) -> dict[str, int]:
    line, column = result.position(offset)
    return {"line": line, "column": column}


def finding_to_json(result: FileResult, finding: Finding) -> dict[str, Any]:
    data: dict[str, Any] = {
        "file": result.path,
        "tool": finding.tool,
        "rule": finding.rule,
        "severity": finding.severity.value,
        "path": finding.path,
        "pointer": finding.pointer,
        "location": _location(result, finding.span[0]),
        "end_location": _location(result, finding.span[1]),
        "message": finding.message,
        "suggestion": finding.suggestion,
        "fixes": [
            {
                "title": fix.title,
                "applicability": fix.applicability.value,
                "edits": [
                    {"location": _location(result, e.start),
                     "end_location": _location(result, e.end), "content": e.content}
                    for e in fix.edits
                ],
            }
            for fix in finding.fixes
        ],
    }
    if finding.also_reached_as:
        data["also_reached_as"] = list(finding.also_reached_as)
    return data


def render_json(results: Sequence[FileResult], notes: RunNotes | None = None) -> str:
    counts = count(results)
    document = {
        "findings": [finding_to_json(r, f) for r in results for f in r.findings],
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
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
