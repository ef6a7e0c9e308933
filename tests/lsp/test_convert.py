"""The direct JSON path for diagnostics writes exactly what pygls's generic converter writes."""

from __future__ import annotations

from lsprotocol import types
from pygls.protocol import default_converter

from portlint.linter import lint_text
from portlint.lsp.convert import converter, to_diagnostic
from portlint.lsp.positions import PositionMapper
from tests.support.corpus import CORPUS


def test_fast_diagnostic_json_matches_the_generic_converter() -> None:
    text = (CORPUS / "big" / "tools-large.json").read_text(encoding="utf-8")
    mapper = PositionMapper(text, types.PositionEncodingKind.Utf16)
    diagnostics = [to_diagnostic(f, mapper, 7) for f in lint_text(text, "t.json").findings]
    assert len(diagnostics) > 300
    fast, generic = converter(), default_converter()  # type: ignore[no-untyped-call]
    params = types.PublishDiagnosticsParams(uri="file:///t.json", version=7,
                                            diagnostics=diagnostics)
    assert fast.unstructure(params) == generic.unstructure(params)
    # a diagnostic the direct path does not know takes the generic one
    odd = types.Diagnostic(range=diagnostics[0].range, message="m",
                           tags=[types.DiagnosticTag.Deprecated])
    assert fast.unstructure(odd) == generic.unstructure(odd)
