"""One pipeline: the CLI and the server report the same findings, ranges, messages and fixes
for every file of the shared corpus and of examples/."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import pytest_lsp
from lsprotocol import types

from portlint.lsp.convert import absolute_fixes
from portlint.source.text import LineIndex
from tests.lsp.harness import CONFIG, RecordingClient, open_document, start
from tests.support.corpus import CORPUS

pytestmark = pytest.mark.shared_data  # tests/generated/test_generated_parity.py: the default
# suite's counterpart

REPO = Path(__file__).resolve().parents[2]
SUFFIXES = (".json", ".yaml", ".yml", ".snap")


def _files() -> list[Path]:
    roots = [CORPUS, REPO / "examples"]
    return sorted(p.resolve() for root in roots for p in root.rglob("*")
                  if p.is_file() and p.suffix in SUFFIXES)


def _cli_findings() -> dict[str, list[tuple[Any, ...]]]:
    snaps = [str(p) for p in _files() if p.suffix == ".snap"]
    proc = subprocess.run([sys.executable, "-m", "portlint", "check", "--format", "json",
                           str(CORPUS), str(REPO / "examples"), *snaps],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode in (0, 1), proc.stderr
    out: dict[str, list[tuple[Any, ...]]] = {}
    for f in json.loads(proc.stdout)["findings"]:
        def pos(loc: dict[str, int]) -> tuple[int, int]:
            return loc["line"] - 1, loc["column"] - 1
        fixes = tuple((x["title"], x["applicability"],
                       tuple((pos(e["location"]), pos(e["end_location"]), e["content"])
                             for e in x["edits"]))
                      for x in f["fixes"] if x["applicability"] != "display-only" and x["edits"])
        message = f["message"] + ("\n" + f["suggestion"] if f["suggestion"] else "")
        out.setdefault(str(Path(f["file"]).resolve()), []).append(
            (f["rule"], f["severity"], pos(f["location"]), pos(f["end_location"]), message,
             fixes))
    return out


_SEVERITY = {types.DiagnosticSeverity.Error: "error", types.DiagnosticSeverity.Warning: "warning",
             types.DiagnosticSeverity.Information: "information"}


def _server_finding(d: types.Diagnostic, lines: LineIndex) -> tuple[Any, ...]:
    fixes = tuple((x["title"], x["applicability"],
                   tuple((lines.position(start), lines.position(end), content)
                         for start, end, content in x["edits"]))
                  for x in absolute_fixes(d.data) or [])
    return (d.code, _SEVERITY[d.severity], (d.range.start.line, d.range.start.character),
            (d.range.end.line, d.range.end.character), d.message, fixes)


@pytest_lsp.fixture(config=CONFIG)
async def client(lsp_client: RecordingClient, tmp_path: Path):  # type: ignore[no-untyped-def]
    # UTF-32 positions are code points: the CLI's columns, 0-based
    await start(lsp_client, "neovim", tmp_path, encodings=["utf-32"])
    yield
    await lsp_client.shutdown_session()


async def test_cli_and_server_agree_on_every_file(client: RecordingClient) -> None:
    expected = _cli_findings()
    compared = 0
    for path in _files():
        uri = path.as_uri()
        language = "yaml" if path.suffix in (".yaml", ".yml") else "json"
        text = path.read_text(encoding="utf-8")
        open_document(client, uri, text, language=language)
        report = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
            text_document=types.TextDocumentIdentifier(uri=uri)))
        assert isinstance(report, types.RelatedFullDocumentDiagnosticReport)
        lines = LineIndex(text)
        got = sorted(_server_finding(d, lines) for d in report.items)
        assert got == sorted(expected.get(str(path), [])), path
        client.text_document_did_close(types.DidCloseTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=uri)))
        compared += len(got)
    assert compared > 1000
