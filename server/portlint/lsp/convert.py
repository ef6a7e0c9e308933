"""Findings → LSP diagnostics, fixes → edits. The fixes ride in ``Diagnostic.data``.

A diagnostic's range is converted here, from code-point offsets to the client's position
encoding. Its ``data`` carries its fixes as ``[start, end, new text]`` offsets into the text of
the document version it names: a code action maps them with that version's positions, so it
never lints again and can tell when the document has moved on — and a document with hundreds of
findings does not convert (or send) every fix's edits on every keystroke.
"""

from __future__ import annotations

from typing import Any

from lsprotocol import types

from portlint.lsp.positions import PositionMapper
from portlint.model import Applicability, Finding, Severity
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


def edits_json(mapper: PositionMapper, edits: list[list[Any]]) -> list[dict[str, Any]]:
    """``data``'s ``[start, end, new text]`` offsets as LSP text edits."""
    return [{"range": range_json(mapper, start, end), "newText": content}
            for start, end, content in edits]


def diagnostic_message(finding: Finding) -> str:
    if finding.suggestion:
        return f"{finding.message}\n{finding.suggestion}"
    return finding.message


def to_diagnostic(finding: Finding, mapper: PositionMapper, version: int | None
                  ) -> types.Diagnostic:
    fixes = [{"title": fix.title, "applicability": fix.applicability.value,
              "edits": [[e.start, e.end, e.content] for e in fix.edits]}
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


def converter() -> Any:
    """pygls's converter, with a direct path for the diagnostics portlint makes: a document can
    carry hundreds, and the generic attrs-to-JSON walk costs more than the lint itself on an
    edit. Anything it does not recognise takes the generic path, which it matches exactly (the
    tests compare the two)."""
    from pygls.protocol import default_converter

    made = default_converter()  # type: ignore[no-untyped-call]
    generic = made.get_unstructure_hook(types.Diagnostic)

    def unstructure(d: types.Diagnostic) -> Any:
        if (d.tags is not None or d.related_information is not None
                or d.code_description is None or not isinstance(d.code, str)
                or d.severity is None or d.source is None):
            return generic(d)
        start, end = d.range.start, d.range.end
        return {"range": {"start": {"line": start.line, "character": start.character},
                          "end": {"line": end.line, "character": end.character}},
                "severity": d.severity.value, "code": d.code,
                "codeDescription": {"href": d.code_description.href}, "source": d.source,
                "message": d.message, "data": d.data}

    made.register_unstructure_hook(types.Diagnostic, unstructure)
    return made


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
