"""The language server under pressure: an edit storm, a crashing rule."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig

from portlint.linter import lint_text
from portlint.source.text import LineIndex
from tests.lsp.harness import (
    CONFIG,
    RecordingClient,
    change_document,
    make_client,
    open_document,
    rng,
    start,
    wait_published,
)

VALID = ('{\n  "tools": [\n    {"name": "a", "inputSchema": {"type": "object", "properties": '
         '{"x": true, "y": {"type": ["string", "null"]}}}},\n'
         '    {"name": "b", "inputSchema": {"type": "object", "properties": {"z": {}}}}\n  ]\n}\n')
FINAL = VALID.replace('"x": true', '"x": {"type": "integer"}')


@pytest_lsp.fixture(config=CONFIG)
async def client(lsp_client: RecordingClient, tmp_path: Path):  # type: ignore[no-untyped-def]
    await start(lsp_client, "vscode", tmp_path, options={"debounceMs": 10})
    yield
    await lsp_client.shutdown_session()


def _range(text: str, start: int, end: int) -> types.Range:
    index = LineIndex(text)
    (sl, sc), (el, ec) = index.position(start), index.position(end)
    return rng(sl, sc, el, ec)


async def test_edit_storm(client: RecordingClient, tmp_path: Path) -> None:
    uri = (tmp_path / "tools.json").as_uri()
    text = VALID
    open_document(client, uri, text)
    chooser = random.Random(1000)
    version = 1
    for _ in range(1000):  # sent as fast as the pipe takes them, many leave the JSON broken
        version += 1
        at = chooser.randrange(len(text) + 1)
        if chooser.random() < 0.5 and at < len(text):
            end = min(len(text), at + chooser.randrange(1, 4))
            change_document(client, uri, version, [(_range(text, at, end), "")])
            text = text[:at] + text[end:]
        else:
            piece = chooser.choice(['"', "{", "}", ",", "x", " ", "\n", "[", ":"])
            change_document(client, uri, version, [(_range(text, at, at), piece)])
            text = text[:at] + piece + text[at:]
    version += 1
    change_document(client, uri, version, [(_range(text, 0, len(text)), FINAL)])
    final = await wait_published(client, uri, version, timeout=60)
    versions = [p.version for p in client.published if p.uri == uri]
    assert versions == sorted(versions), "a version older than one already published came later"
    index = LineIndex(FINAL)
    fresh = sorted((f.rule, index.position(f.span[0]), index.position(f.span[1]))
                   for f in lint_text(FINAL, "tools.json").findings)
    got = sorted((str(d.code), (d.range.start.line, d.range.start.character),
                  (d.range.end.line, d.range.end.character)) for d in final)
    assert got == fresh and len(got) == 1
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    assert symbols  # the server still answers


CRASHING = ClientServerConfig(
    server_command=[sys.executable, str(Path(__file__).with_name("crashing_server.py"))],
    client_factory=make_client)


@pytest_lsp.fixture(config=CRASHING)
async def crashing(lsp_client: RecordingClient, tmp_path: Path):  # type: ignore[no-untyped-def]
    await start(lsp_client, "vscode", tmp_path, options={"debounceMs": 10})
    yield
    await lsp_client.shutdown_session()


async def test_a_crashing_rule_is_contained(crashing: RecordingClient, tmp_path: Path) -> None:
    uri = (tmp_path / "tools.json").as_uri()
    open_document(crashing, uri, VALID)
    found = await wait_published(crashing, uri, 1)
    # the rule is given only tool a (the one with a boolean subschema): one crash, reported
    # there, and every other rule's findings in both tools
    assert sorted(str(d.code) for d in found) == ["internal-error", "type-union"]
    crash = next(d for d in found if d.code == "internal-error")
    assert "boolean-schema" in crash.message
    logged = "\n".join(m.message for m in crashing.log_messages)
    assert "injected failure in boolean-schema" in logged and "Traceback" in logged
    symbols = await crashing.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    assert symbols
