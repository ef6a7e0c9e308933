"""Diagnostics written straight to JSON are what LSP says a diagnostic is, and reusing the parts
of an unchanged finding across versions changes nothing."""

from __future__ import annotations

import json

from lsprotocol import types
from pygls.protocol import default_converter

from portlint.incremental.edits import LintedVersion, lint_edit_from
from portlint.incremental.tool_cache import ToolCache
from portlint.linter import lint_text
from portlint.lsp.convert import DiagnosticEncoder, absolute_fixes, converter, from_json
from portlint.lsp.positions import PositionMapper
from portlint.model import Applicability
from portlint.settings import Settings
from tests.support.generated import large_tool_list

BIG = large_tool_list()  # 640 tools, ~0.9 MB


def test_encoded_diagnostics_are_lsp_diagnostics() -> None:
    text = BIG
    mapper = PositionMapper(text, types.PositionEncodingKind.Utf16)
    findings = lint_text(text, "t.json").findings
    items = json.loads(DiagnosticEncoder().encode(findings, mapper, 7))
    assert len(items) == len(findings) > 300
    generic = default_converter()  # type: ignore[no-untyped-call]
    for finding, item in zip(findings, items, strict=True):
        # what lsprotocol reads from the JSON, written back, is the JSON itself
        diagnostic = generic.structure(item, types.Diagnostic)
        assert generic.unstructure(diagnostic) == item
        assert from_json(item) == diagnostic
        assert diagnostic.range == mapper.range(*finding.span)
        assert diagnostic.code == finding.rule
        assert item["data"]["version"] == 7
        assert item["data"]["offset"] == finding.span[0]
        # the fixes come back as offsets into this version's text, as the finding has them
        editable = [f for f in finding.fixes
                    if f.applicability is not Applicability.DISPLAY_ONLY and f.edits]
        assert absolute_fixes(item["data"]) == [
            {"title": f.title, "applicability": f.applicability.value,
             "edits": [[e.start, e.end, e.content] for e in f.edits]} for f in editable]
    assert any(item["data"]["fixes"] for item in items)


def test_reused_parts_give_what_a_fresh_encoder_gives() -> None:
    text = BIG
    cache = ToolCache()
    first = cache.lint(text, "t.json")
    encoder = DiagnosticEncoder()
    encoder.encode(first.findings, PositionMapper(text), 1)
    # an edit in one tool adding a line: the findings after it move down
    at = text.index('"description": "', len(text) // 2) + len('"description": ')
    edited = text[:at] + "\n" + text[at:]
    second_version = lint_edit_from(LintedVersion(first, cache.tool_spans), edited, Settings())
    assert second_version is not None
    second = second_version.result
    mapper = PositionMapper(edited)
    assert encoder.encode(second.findings, mapper, 2) == DiagnosticEncoder().encode(
        second.findings, mapper, 2)
    moved = json.loads(encoder.encode(second.findings, mapper, 3))
    assert [from_json(item).range for item in moved] == [
        mapper.range(*f.span) for f in second.findings]


def test_absolute_fixes_refuses_data_that_is_not_portlints() -> None:
    assert absolute_fixes(None) is None
    assert absolute_fixes({"fixes": []}) is None  # no offset
    assert absolute_fixes({"fixes": [], "offset": 3}) == []
    assert absolute_fixes({"fixes": [{"edits": [[1, 2]]}], "offset": 3}) is None  # mangled
    assert absolute_fixes({"fixes": [{"title": "t"}], "offset": 3}) is None
    assert absolute_fixes({"fixes": [{"title": "t", "edits": [[1, 2, "x"]]}], "offset": 3}) == [
        {"title": "t", "edits": [[4, 5, "x"]]}]


def test_the_converter_keeps_the_generic_shape_for_objects() -> None:
    text = BIG
    mapper = PositionMapper(text, types.PositionEncodingKind.Utf16)
    encoded = DiagnosticEncoder().encode(lint_text(text, "t.json").findings[:20], mapper, 7)
    diagnostics = [from_json(item) for item in json.loads(encoded)]
    fast, generic = converter(), default_converter()  # type: ignore[no-untyped-call]
    params = types.PublishDiagnosticsParams(uri="file:///t.json", version=7,
                                            diagnostics=diagnostics)
    assert fast.unstructure(params) == generic.unstructure(params)
    # a diagnostic the direct path does not know takes the generic one
    odd = types.Diagnostic(range=diagnostics[0].range, message="m",
                           tags=[types.DiagnosticTag.Deprecated])
    assert fast.unstructure(odd) == generic.unstructure(odd)
