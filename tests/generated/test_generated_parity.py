"""One pipeline, on data the project generates: the CLI and the language server report the same
findings, ranges, messages and fixes for every document of the generated corpus and of
examples/ — the default suite's counterpart of ``tests/lsp/test_parity.py`` (shared corpus)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest_lsp
from lsprotocol import types

from portlint.lsp.convert import absolute_fixes
from portlint.source.text import LineIndex
from tests.lsp.harness import CONFIG, RecordingClient, open_document, start
from tests.support.generated import corpus

REPO = Path(__file__).resolve().parents[2]
SEVERITY = {types.DiagnosticSeverity.Error: "error", types.DiagnosticSeverity.Warning: "warning",
            types.DiagnosticSeverity.Information: "information"}


def _write(folder: Path) -> list[Path]:
    folder.mkdir()
    for name, text in corpus().items():
        (folder / name).write_text(text, encoding="utf-8")
    for example in (REPO / "examples").iterdir():
        shutil.copy(example, folder / f"example-{example.name}")
    return sorted(folder.iterdir())


def _cli(folder: Path) -> dict[str, list[tuple[Any, ...]]]:
    proc = subprocess.run([sys.executable, "-m", "portlint", "check", "--format", "json", "."],
                          capture_output=True, text=True, timeout=600, cwd=folder)
    assert proc.returncode in (0, 1), proc.stderr

    def pos(loc: dict[str, int]) -> tuple[int, int]:
        return loc["line"] - 1, loc["column"] - 1

    out: dict[str, list[tuple[Any, ...]]] = {}
    for f in json.loads(proc.stdout)["findings"]:
        fixes = tuple((x["title"], x["applicability"],
                       tuple((pos(e["location"]), pos(e["end_location"]), e["content"])
                             for e in x["edits"]))
                      for x in f["fixes"] if x["applicability"] != "display-only" and x["edits"])
        message = f["message"] + ("\n" + f["suggestion"] if f["suggestion"] else "")
        out.setdefault(str((folder / f["file"]).resolve()), []).append(
            (f["rule"], f["severity"], pos(f["location"]), pos(f["end_location"]), message,
             fixes))
    return out


def _server(d: types.Diagnostic, lines: LineIndex) -> tuple[Any, ...]:
    fixes = tuple((x["title"], x["applicability"],
                   tuple((lines.position(s), lines.position(e), content)
                         for s, e, content in x["edits"]))
                  for x in absolute_fixes(d.data) or [])
    return (d.code, SEVERITY[d.severity], (d.range.start.line, d.range.start.character),
            (d.range.end.line, d.range.end.character), d.message, fixes)


@pytest_lsp.fixture(config=CONFIG)
async def client(lsp_client: RecordingClient, tmp_path: Path):  # type: ignore[no-untyped-def]
    await start(lsp_client, "neovim", tmp_path, encodings=["utf-32"])  # code points, as the CLI
    yield
    await lsp_client.shutdown_session()


async def test_cli_and_server_agree_on_the_generated_corpus(client: RecordingClient,
                                                            tmp_path: Path) -> None:
    files = _write(tmp_path / "ws")
    expected = _cli(tmp_path / "ws")
    # a document that does not parse is shown in the editor only once it was seen whole as a
    # tool document (README, "In the editor"); the CLI reports every named or found file
    broken = {p for p, found in expected.items() if any(f[0] == "parse-error" for f in found)}
    assert 0 < len(broken) < 10
    compared = 0
    for path in files:
        if str(path.resolve()) in broken:
            continue
        uri = path.resolve().as_uri()
        text = path.read_text(encoding="utf-8")
        open_document(client, uri, text,
                      language="yaml" if path.suffix in (".yaml", ".yml") else "json")
        report = await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(
            text_document=types.TextDocumentIdentifier(uri=uri)))
        assert isinstance(report, types.RelatedFullDocumentDiagnosticReport)
        lines = LineIndex(text)
        got = sorted(_server(d, lines) for d in report.items)
        assert got == sorted(expected.get(str(path.resolve()), [])), path.name
        client.text_document_did_close(types.DidCloseTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=uri)))
        compared += len(got)
    assert compared > 300 and len(files) > 90
