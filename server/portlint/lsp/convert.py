"""Findings → LSP diagnostics, fixes → edits. The fixes ride in ``Diagnostic.data``.

A diagnostic's range is converted here, from code-point offsets to the client's position
encoding. Its ``data`` carries its fixes as ``[start, end, new text]`` offsets into the text of
the document version it names, and which open of the document that was (``version``, ``open``):
a code action maps the fixes of the server's own copy of the diagnostic with that version's
positions — never the copy the client sends back, which it may have altered — so it never lints
again and can tell when the document has moved on, and a document with hundreds of findings
does not convert every fix's edits to positions on every keystroke. Diagnostics are written
straight to JSON (:class:`DiagnosticEncoder`): the server sends that text as it is.
"""

from __future__ import annotations

import json
from functools import lru_cache
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
    message = f"(in the baseline) {finding.message}" if finding.baselined else finding.message
    if finding.suggestion:
        return f"{message}\n{finding.suggestion}"
    return message


def _relative_fixes(finding: Finding) -> tuple[tuple[str, str, tuple[tuple[int, int, str], ...]],
                                               ...]:
    """The fixes an editor can apply, their edits counted from the finding's start: the same
    for a finding that only moved."""
    anchor = finding.span[0]
    return tuple((fix.title, fix.applicability.value,
                  tuple((e.start - anchor, e.end - anchor, e.content) for e in fix.edits))
                 for fix in finding.fixes
                 if fix.applicability is not Applicability.DISPLAY_ONLY and fix.edits)


def _still_part(finding: Finding, fixes: tuple[tuple[str, str, tuple[tuple[int, int, str], ...]],
                                              ...]) -> str:
    """The JSON of everything in a diagnostic that does not depend on where it is, left open at
    the end of ``data`` (its place and version follow)."""
    severity = (types.DiagnosticSeverity.Hint if finding.baselined
                else SEVERITY[finding.severity])
    head = json.dumps({
        "severity": severity.value, "code": finding.rule,
        "codeDescription": {"href": rule_url(finding.rule)}, "source": SOURCE,
        "message": diagnostic_message(finding),
        "data": {"rule": finding.rule, "tool": finding.tool, "path": finding.path,
                 "pointer": finding.pointer,
                 "fixes": [{"title": title, "applicability": applicability,
                            "edits": [list(edit) for edit in edits]}
                           for title, applicability, edits in fixes]}})
    assert head.endswith("}}")
    return head[1:-2]


class DiagnosticEncoder:
    """A document's findings as the JSON array of its LSP diagnostics.

    A diagnostic's ``data`` carries its fixes as ``[start, end, new text]`` counted from
    ``data.offset`` (the finding's start in the text of ``data.version``). Everything but the
    range, the offset and the version is encoded once and reused while the finding stays the
    same — on a keystroke in one tool, the findings of every other tool only move — so an edit
    re-encodes the edited tool's findings and positions the rest. The reused parts are read out
    of the previous array (the encoder keeps it and where each part sits, not a second copy).

    Positions are reused too when the caller says what changed since the text it encoded last
    (``edit``): an offset before the change keeps its position, one after it on a later line
    only moves by the change's line delta; only offsets on the changed lines are mapped again.
    One encoder per document."""

    def __init__(self) -> None:
        self._previous = ""
        self._where: dict[tuple[Any, ...], tuple[int, int]] = {}
        self._positions: dict[int, tuple[int, int]] = {}  # offset → position, last text
        self._line_count = 0  # of the last text

    def forget_positions(self) -> None:
        """The next text is not the last one encoded plus the ``edit`` the caller will pass."""
        self._positions = {}

    def encode(self, findings: list[Finding], mapper: PositionMapper, version: int | None,
               opened: int = 0, edit: tuple[int, int, int] | None = None) -> str:
        """``edit``: ``(start, old_end, new_end)``, what changed since the text encoded last
        (None: unknown)."""
        previous, where = self._previous, self._where
        found: dict[tuple[Any, ...], tuple[int, int]] = {}
        stamp = f'{json.dumps(version)},"open":{opened}'
        place = _Placer(mapper, self._positions, self._line_count, edit)
        out: list[str] = ["["]
        length = 1
        for finding in findings:
            fixes = _relative_fixes(finding) if finding.fixes else ()
            key = (finding.rule, finding.severity, finding.message, finding.suggestion,
                   finding.tool, finding.path, finding.pointer, fixes, finding.baselined)
            known = where.get(key)
            part = (previous[known[0]:known[1]] if known is not None
                    else _still_part(finding, fixes))
            start, end = finding.span
            start_line, start_character = place(start)
            end_line, end_character = place(end)
            head = (f'{"," if length > 1 else ""}{{"range":{{"start":{{"line":{start_line},'
                    f'"character":{start_character}}},"end":{{"line":{end_line},'
                    f'"character":{end_character}}}}},')
            tail = f',"offset":{start},"version":{stamp}}}}}'
            found[key] = (length + len(head), length + len(head) + len(part))
            out.extend((head, part, tail))
            length += len(head) + len(part) + len(tail)
        out.append("]")
        encoded = "".join(out)
        self._previous, self._where = encoded, found
        self._positions, self._line_count = place.placed, mapper.index.line_count
        return encoded


class _Placer:
    """The positions of one encode: each offset mapped once, or taken from the last text's."""

    __slots__ = ("_after", "_before", "_delta", "_last", "_line_delta", "_map", "_past_line",
                 "placed")

    def __init__(self, mapper: PositionMapper, last: dict[int, tuple[int, int]],
                 last_line_count: int, edit: tuple[int, int, int] | None) -> None:
        self._map = mapper.line_character
        self.placed: dict[int, tuple[int, int]] = {}
        self._last = last
        if edit is None or not last or "\r" in mapper.text[max(0, edit[0] - 1):edit[2] + 1]:
            # (a CR at the edit's edges can pair with an LF across them: a line break moves)
            self._before = self._after = -1
            self._delta = self._line_delta = self._past_line = 0
            self._last = {}
            return
        start, old_end, new_end = edit
        self._before = start  # offsets up to here: the same text before them
        self._after = new_end  # offsets from here: the same text, moved by the edit
        self._delta = new_end - old_end
        self._line_delta = mapper.index.line_count - last_line_count
        self._past_line = mapper.index.position(new_end)[0]  # later lines start after the edit

    def __call__(self, offset: int) -> tuple[int, int]:
        known = self.placed.get(offset)
        if known is not None:
            return known
        if offset <= self._before:
            known = self._last.get(offset)
        elif offset >= self._after >= 0:
            moved = self._last.get(offset - self._delta)
            if moved is not None and moved[0] + self._line_delta > self._past_line:
                known = (moved[0] + self._line_delta, moved[1])
        if known is None:
            known = self._map(offset)
        self.placed[offset] = known
        return known


def absolute_fixes(data: Any) -> list[dict[str, Any]] | None:
    """A diagnostic's fixes with edits as offsets into its version's text; None when ``data``
    is not portlint's."""
    if not isinstance(data, dict) or not isinstance(data.get("fixes"), list):
        return None
    anchor = data.get("offset")
    if not isinstance(anchor, int):
        return None
    try:
        return [{**fix, "edits": [[anchor + start, anchor + end, content]
                                  for start, end, content in fix["edits"]]}
                for fix in data["fixes"]]
    except (TypeError, ValueError, KeyError):  # data a client altered: no fixes from it
        return None


def from_json(item: dict[str, Any]) -> types.Diagnostic:
    """A diagnostic :class:`DiagnosticEncoder` wrote, as an object."""
    return types.Diagnostic(
        range=to_range(item["range"]), severity=types.DiagnosticSeverity(item["severity"]),
        code=item["code"], code_description=types.CodeDescription(
            href=item["codeDescription"]["href"]),
        source=item["source"], message=item["message"], data=item["data"])


def converter() -> Any:
    """pygls's converter, with a direct path for the diagnostics portlint makes: a document can
    carry hundreds, and the generic attrs-to-JSON walk costs more than the lint itself on an
    edit. Anything it does not recognise takes the generic path, which it matches exactly (the
    tests compare the two). Received strings, integers, booleans and floats are taken only with
    their own type."""
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
    for kind in (str, int, bool, float):
        made.register_structure_hook(kind, _strict(kind))
    return made


def _strict(kind: type) -> Any:
    """cattrs turns ``5`` into ``"5"`` for a URI, ``1.5`` into ``1`` for a line and ``"1"`` into
    ``1``: params of the wrong type would be answered as if they were right. Received values
    must have the type the specification gives (an integer stands for a float)."""
    accepted = (int, float) if kind is float else (kind,)

    def structure(value: Any, _: Any) -> Any:
        if type(value) not in accepted:
            raise TypeError(f"expected {kind.__name__}, got {type(value).__name__}")
        return value

    return structure


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


@lru_cache(maxsize=1)
def _json_converter() -> Any:
    return converter()


def to_json(value: Any) -> Any:
    """An LSP object as the JSON the protocol sends (for results typed as any JSON value, such
    as a command's)."""
    return _json_converter().unstructure(value)
