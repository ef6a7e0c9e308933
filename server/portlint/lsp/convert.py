"""Findings → LSP diagnostics, fixes → edits. The fixes ride in ``Diagnostic.data``.

Every range is converted once, here, from code-point offsets to the client's position encoding.
A diagnostic's ``data`` carries its fixes already as LSP edits, with the document version they
were computed for, so a code action only reads them back — it never lints again, and it can tell
when the document has moved on.
"""

from __future__ import annotations

from typing import Any

from lsprotocol import types

from portlint.lsp.positions import PositionMapper
from portlint.model import Applicability, Finding, Severity, TextEdit
from portlint.ruledocs import rule_url

SEVERITY = {
    Severity.ERROR: types.DiagnosticSeverity.Error,
    Severity.WARNING: types.DiagnosticSeverity.Warning,
    Severity.INFORMATION: types.DiagnosticSeverity.Information,
}
SOURCE = "portlint"


def range_json(mapper: PositionMapper, start: int, end: int) -> dict[str, Any]:
    r = mapper.range(start, end)
    return {"start": {"line": r.start.line, "character": r.start.character},
            "end": {"line": r.end.line, "character": r.end.character}}


def to_range(data: dict[str, Any]) -> types.Range:
    return types.Range(
        start=types.Position(line=data["start"]["line"], character=data["start"]["character"]),
        end=types.Position(line=data["end"]["line"], character=data["end"]["character"]))


def edits_json(mapper: PositionMapper, edits: tuple[TextEdit, ...]) -> list[dict[str, Any]]:
    return [{"range": range_json(mapper, e.start, e.end), "newText": e.content} for e in edits]


def diagnostic_message(finding: Finding) -> str:
    if finding.suggestion:
        return f"{finding.message}\n{finding.suggestion}"
    return finding.message


def to_diagnostic(finding: Finding, mapper: PositionMapper, version: int | None
                  ) -> types.Diagnostic:
    fixes = [{"title": fix.title, "applicability": fix.applicability.value,
              "edits": edits_json(mapper, fix.edits)}
             for fix in finding.fixes
             if fix.applicability is not Applicability.DISPLAY_ONLY and fix.edits]
    return types.Diagnostic(
        range=mapper.range(*finding.span),
        severity=SEVERITY[finding.severity],
        code=finding.rule,
        code_description=types.CodeDescription(href=rule_url(finding.rule)),
        source=SOURCE,
        message=diagnostic_message(finding),
        data={"version": version, "rule": finding.rule, "tool": finding.tool,
              "path": finding.path, "pointer": finding.pointer, "fixes": fixes},
    )


def workspace_edit(uri: str, version: int | None, edits: list[dict[str, Any]],
                   versioned: bool) -> types.WorkspaceEdit:
    """A workspace edit; versioned (``documentChanges``) when the client supports it, so the
    client itself refuses to apply it to a newer text."""
    text_edits = [types.TextEdit(range=to_range(e["range"]), new_text=e["newText"])
                  for e in edits]
    if versioned:
        return types.WorkspaceEdit(document_changes=[types.TextDocumentEdit(
            text_document=types.OptionalVersionedTextDocumentIdentifier(uri=uri, version=version),
            edits=list(text_edits))])
    return types.WorkspaceEdit(changes={uri: text_edits})
