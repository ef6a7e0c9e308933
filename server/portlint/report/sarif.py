"""SARIF 2.1.0 for code-scanning services: one run, every rule described, fixes included. A live
server's findings have no file to point at or fix: their locations are logical (tool › path) and
the server is named in their properties."""

from __future__ import annotations

import bisect
import os
import re
import urllib.parse
from collections.abc import Sequence
from pathlib import Path

from portlint import __version__
from portlint.model import Applicability, Finding
from portlint.report.indented_json import dumps_indented
from portlint.report.notes import Note, RunNotes
from portlint.report.summary import FileResult
from portlint.ruledocs import REPOSITORY_URL, rule_markdown, rule_url
from portlint.rules import ALL_RULES

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_LEVEL = {"error": "error", "warning": "warning", "information": "note"}


_ASTRAL = re.compile("[\U00010000-\U0010FFFF]")


class _Places:
    """Turns a file's offsets into SARIF regions: lines from the file's line index, UTF-16
    columns from the offsets of its characters outside the Basic Multilingual Plane (each counts
    two UTF-16 units) — a bisection each, so a region costs the same on a one-line minified
    file as on a pretty-printed one."""

    __slots__ = ("artifact", "astral", "index")

    def __init__(self, result: FileResult) -> None:
        self.index = result.lines
        self.astral = [m.start() for m in _ASTRAL.finditer(result.text)]
        self.artifact = _artifact(result.path)  # once a file: an absolute path is resolved

    def _column(self, offset: int) -> tuple[int, int]:
        line, column = self.index.position(offset)
        astral = self.astral
        if astral:
            start = offset - column
            column += bisect.bisect_left(astral, offset) - bisect.bisect_left(astral, start)
        return line + 1, column + 1

    def region(self, start: int, end: int) -> dict[str, int]:
        """1-based lines and UTF-16 columns (SARIF's default column kind), end exclusive."""
        start_line, start_column = self._column(start)
        end_line, end_column = self._column(end)
        return {"startLine": start_line, "startColumn": start_column, "endLine": end_line,
                "endColumn": end_column}


def relative_uri(path: str) -> str:
    """A relative path as a URI reference (RFC 3986): every character but the unreserved ones
    and ``/`` percent-encoded from its UTF-8 bytes — a space, ``%``, ``#``, ``?``, ``:`` or a
    non-ASCII letter in a file name would otherwise make code scanning read another file, or
    none. A name that is not valid UTF-8 keeps its bytes."""
    return urllib.parse.quote_from_bytes(os.fsencode(Path(path).as_posix()), safe="/")


def _artifact(path: str) -> dict[str, str]:
    if path == "-":
        return {"uri": "stdin"}
    if os.path.isabs(path):
        return {"uri": Path(path).resolve().as_uri()}
    return {"uri": relative_uri(path), "uriBaseId": "%SRCROOT%"}


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


def _result(result: FileResult, places: _Places, finding: Finding, rule_index: int
            ) -> dict[str, Any]:
    message = finding.message + (f"\n{finding.suggestion}" if finding.suggestion else "")
    location: dict[str, Any] = {} if result.live else {"physicalLocation": {
        "artifactLocation": dict(places.artifact),
        "region": places.region(*finding.span)}}
    if finding.path or finding.tool:
        qualified = f"{finding.tool} › {finding.path}" if finding.tool else finding.path
        location["logicalLocations"] = [{"name": finding.path or (finding.tool or ""),
                                         "fullyQualifiedName": qualified, "kind": "member"}]
    elif result.live:  # the list as a whole
        location["logicalLocations"] = [{"name": "tools", "kind": "member"}]
    out: dict[str, Any] = {
        "ruleId": finding.rule,
        "ruleIndex": rule_index,
        "level": _LEVEL[finding.severity.value],
        "message": {"text": message},
        "locations": [location],
    }
    fixes = [] if result.live else [{  # a live server's list is in no file to change
        "description": {"text": f"{fix.title} [{fix.applicability.value}]"},
        "artifactChanges": [{
            "artifactLocation": dict(places.artifact),
            "replacements": [{"deletedRegion": places.region(e.start, e.end),
                              "insertedContent": {"text": e.content}} for e in fix.edits],
        }],
    } for fix in finding.fixes if fix.applicability is not Applicability.DISPLAY_ONLY and fix.edits]
    if fixes:
        out["fixes"] = fixes
    properties: dict[str, str] = {}
    if finding.pointer:
        properties["pointer"] = finding.pointer
    if result.live:
        properties["server"] = result.path
    if properties:
        out["properties"] = properties
    return out


def _unchecked(note: Note) -> dict[str, Any]:
    """The notification of an input that could not be checked: at its file, or, for a live
    server's list (in no file), naming the server in its properties as the results do."""
    if note.live:
        return {"level": "error",
                "message": {"text": f"portlint could not check all of the server's tool list: "
                                    f"{note.reason}"},
                "properties": {"server": note.file}}
    return {"level": "error",
            "message": {"text": f"portlint could not check this path: {note.reason}"},
            "locations": [{"physicalLocation": {"artifactLocation": _artifact(note.file)}}]}


def render_sarif(results: Sequence[FileResult], notes: RunNotes | None = None) -> str:
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
        "results": [_result(r, places, f, index[f.rule]) for r in results if r.findings
                    for places in (_Places(r),) for f in r.findings],
    }
    unreadable = notes.unreadable if notes is not None else []
    # the inputs that could not be checked: the run did not succeed, and says where
    run["invocations"] = [{
        "executionSuccessful": not unreadable,
        "toolExecutionNotifications": [_unchecked(note) for note in unreadable],
    }]
    document = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [run],
    }
    return dumps_indented(document) + "\n"  # json.dumps(indent=2)'s text, faster
