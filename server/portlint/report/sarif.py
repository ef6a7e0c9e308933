"""SARIF 2.1.0 for code-scanning services: one run, every rule described, fixes included."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from portlint import __version__
from portlint.model import Applicability, Finding
from portlint.report.summary import FileResult
from portlint.ruledocs import REPOSITORY_URL, rule_markdown, rule_url
from portlint.rules import ALL_RULES

_LEVEL = {"error": "error", "warning": "warning", "information": "note"}


def _utf16(text: str) -> int:
    return len(text) + sum(1 for c in text if ord(c) > 0xFFFF)


def _region(result: FileResult, start: int, end: int) -> dict[str, int]:
    """1-based lines and UTF-16 columns (SARIF's default column kind), end exclusive."""
    index = result.lines
    (sl, sc), (el, ec) = index.position(start), index.position(end)
    start_line_text = index.line_text(sl)
    end_line_text = index.line_text(el)
    return {"startLine": sl + 1, "startColumn": _utf16(start_line_text[:sc]) + 1,
            "endLine": el + 1, "endColumn": _utf16(end_line_text[:ec]) + 1}


def _artifact(path: str) -> dict[str, str]:
    if path == "-" or os.path.isabs(path):
        return {"uri": Path(path).resolve().as_uri() if path != "-" else "stdin"}
    return {"uri": Path(path).as_posix(), "uriBaseId": "%SRCROOT%"}


def _rule(rule_index: int) -> dict[str, Any]:
    rule = ALL_RULES[rule_index]
    body = rule.doc.strip().split("\n## ", 2)
    full = body[1].split("\n", 1)[1].strip() if len(body) > 1 else rule.summary
    return {
        "id": rule.id,
        "name": "".join(part.capitalize() for part in rule.id.split("-")),
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": " ".join(full.split())},
        "helpUri": rule_url(rule.id),
        "help": {"text": rule.summary, "markdown": rule_markdown(rule)},
        "defaultConfiguration": {"level": _LEVEL[rule.severity.value]},
        "properties": {"fix": rule.fix},
    }


def _result(result: FileResult, finding: Finding, rule_index: int) -> dict[str, Any]:
    message = finding.message + (f"\n{finding.suggestion}" if finding.suggestion else "")
    location: dict[str, Any] = {"physicalLocation": {
        "artifactLocation": _artifact(result.path),
        "region": _region(result, *finding.span)}}
    if finding.path or finding.tool:
        qualified = f"{finding.tool} › {finding.path}" if finding.tool else finding.path
        location["logicalLocations"] = [{"name": finding.path or (finding.tool or ""),
                                         "fullyQualifiedName": qualified, "kind": "member"}]
    out: dict[str, Any] = {
        "ruleId": finding.rule,
        "ruleIndex": rule_index,
        "level": _LEVEL[finding.severity.value],
        "message": {"text": message},
        "locations": [location],
    }
    fixes = [{
        "description": {"text": f"{fix.title} [{fix.applicability.value}]"},
        "artifactChanges": [{
            "artifactLocation": _artifact(result.path),
            "replacements": [{"deletedRegion": _region(result, e.start, e.end),
                              "insertedContent": {"text": e.content}} for e in fix.edits],
        }],
    } for fix in finding.fixes if fix.applicability is not Applicability.DISPLAY_ONLY and fix.edits]
    if fixes:
        out["fixes"] = fixes
    if finding.pointer:
        out["properties"] = {"pointer": finding.pointer}
    return out


def render_sarif(results: Sequence[FileResult]) -> str:
    index = {rule.id: i for i, rule in enumerate(ALL_RULES)}
    run: dict[str, Any] = {
        "tool": {"driver": {
            "name": "portlint",
            "version": __version__,
            "informationUri": REPOSITORY_URL,
            "rules": [_rule(i) for i in range(len(ALL_RULES))],
        }},
        "originalUriBaseIds": {"%SRCROOT%": {"uri": Path.cwd().as_uri() + "/"}},
        "columnKind": "utf16CodeUnits",
        "results": [_result(r, f, index[f.rule]) for r in results for f in r.findings],
    }
    document = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [run],
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
