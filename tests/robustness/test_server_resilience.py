"""The language server under pressure: an edit storm, a crashing rule, hostile frames, a
cancellation flood, cycles of opening and closing documents."""

from __future__ import annotations

import json
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
from tests.lsp.raw import RawServer, frame

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
    assert got == fresh and len(got) == 2
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
    assert sorted(str(d.code) for d in found) == [
        "internal-error", "type-union", "untyped-schema"]
    crash = next(d for d in found if d.code == "internal-error")
    assert "boolean-schema" in crash.message
    logged = "\n".join(m.message for m in crashing.log_messages)
    assert "injected failure in boolean-schema" in logged and "Traceback" in logged
    symbols = await crashing.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    assert symbols


# -- hostile input over a raw pipe: frames, floods, open/close cycles ------------------------

TOOL = '{"name": "t", "inputSchema": {"type": "object", "properties": {"a": true}}}'
BAD_FRAMES = [
    b"Content-Length: abc\r\n\r\n{}",
    b"content-length:5\n\n{}",  # announces more than it has: runs into the next header
    b"Content-Lenght: 2\r\n\r\n{}",
    b"garbage\r\n\r\n",
    b"Content-Length: 5\r\n\r\n{\"x\"",
    b"Content-Length: 100000000000\r\n\r\n{\"jsonrpc\": \"2.0\"}",  # 100 GB announced
    b"X-Header: " + b"y" * 100_000 + b"\r\n\r\n",
    b"\xff\xfe\x00\x00" * 1000,
    b"Content-Length: 4\r\n\r\n\xff\xfe\xfd\xfc",
]


def test_hostile_frames_never_silence_the_server(tmp_path: Path) -> None:
    with RawServer() as server:
        server.initialize(tmp_path)
        uri = (tmp_path / "t.json").as_uri()
        server.open(uri, TOOL)
        for bad in BAD_FRAMES:
            server.send_bytes(bad)
            answer = server.call("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
            assert [s["name"] for s in answer["result"]] == ["t"], bad[:60]
        assert server.rss_kib() < 400_000  # nothing announced was allocated
        assert server.shutdown_and_exit() == 0
        assert not server.garbage


def test_a_message_over_the_limit_is_skipped_and_said(tmp_path: Path) -> None:
    """With ``max-document-chars = 1000`` messages over 6 × 1000 + 1 MiB are not read: a
    request is answered by the id its first bytes show, the user is told, and the session goes
    on (the document stays unopened: its changes are ignored, not an error)."""
    with RawServer() as server:
        server.initialize(tmp_path, options={"debounceMs": 0,
                                             "limits": {"max-document-chars": 1000}})
        uri = (tmp_path / "big.json").as_uri()
        server.open(uri, '{"tools": []}' + " " * 2_000_000)
        warning = server.wait_for(lambda m: m.get("method") == "window/showMessage")
        assert "more than the limit of 1,054,576" in warning["params"]["message"]
        ident = server.request("textDocument/hover", {
            "textDocument": {"uri": uri}, "position": {"line": 0, "character": 0},
            "padding": "x" * 2_000_000})
        assert server.response(ident)["error"]["code"] == -32600
        server.change(uri, 2, TOOL)
        assert server.call("textDocument/documentSymbol", {
            "textDocument": {"uri": uri}})["result"] == []
        assert server.shutdown_and_exit() == 0
        assert not server.garbage


def test_a_cancellation_flood(tmp_path: Path) -> None:
    """1,600 keystrokes written at once, each a change, a cancellation of the previous
    code-action request and a new one: every request is answered, nearly all as cancelled
    without being computed (a request the reader delivered just before its cancellation is
    the exception), and the last version's diagnostics arrive. ``bench/lsp_flood.py`` times
    it."""
    keystrokes = 1600
    with RawServer() as server:
        server.initialize(tmp_path, options={"debounceMs": 150})
        uri = (tmp_path / "t.json").as_uri()
        server.open(uri, TOOL)
        server.published(uri, 1)
        flood = bytearray()
        idents: list[int] = []
        for version in range(2, keystrokes + 2):
            flood += frame({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"range": {"start": {"line": 0, "character": 10},
                                              "end": {"line": 0, "character": 10}},
                                    "text": "x"}]}})
            if idents:
                flood += frame({"jsonrpc": "2.0", "method": "$/cancelRequest",
                                "params": {"id": idents[-1]}})
            ident, request = server.request_frame("textDocument/codeAction", {
                "textDocument": {"uri": uri}, "range": {"start": {"line": 0, "character": 0},
                                                        "end": {"line": 0, "character": 0}},
                "context": {"diagnostics": []}})
            idents.append(ident)
            flood += request
        server.send_bytes(bytes(flood))
        final = server.published(uri, keystrokes + 1, timeout=120)
        assert [d["code"] for d in final["diagnostics"]] == ["boolean-schema"]
        answers = [server.response(ident, timeout=120) for ident in idents]
        cancelled = sum(1 for a in answers if a.get("error", {}).get("code") == -32800)
        assert all("result" in a or a["error"]["code"] in (-32800, -32801) for a in answers)
        assert cancelled >= 0.9 * keystrokes
        assert "result" in answers[-1]
        assert server.shutdown_and_exit() == 0


def _tools(seed: int) -> str:
    return json.dumps({"tools": [{"name": f"t{seed}_{i}", "description": "d" * 100,
                                  "inputSchema": {"type": "object", "properties": {
                                      "a": True, "b": {"type": ["string", "null"]}}}}
                                 for i in range(5)]})


def test_open_close_cycles_stay_within_a_memory_bound(tmp_path: Path) -> None:
    """Cycles of opening 150 new documents and closing them all: what closing frees is reused,
    so neither the peak nor the memory after closing grows with the cycles."""
    peaks: list[int] = []
    closed: list[int] = []
    with RawServer() as server:
        server.initialize(tmp_path)
        for cycle in range(5):
            uris = [(tmp_path / f"cycle {cycle}" / f"café {i}.json").as_uri()
                    for i in range(150)]
            for i, uri in enumerate(uris):
                server.open(uri, _tools(i))
            server.published(uris[-1], 1, timeout=120)
            peaks.append(server.rss_kib())
            for uri in uris:
                server.close(uri.replace("%20", " "))  # another spelling of the same document
            assert server.call("textDocument/documentSymbol", {
                "textDocument": {"uri": uris[0]}}, timeout=120)["result"] == []
            closed.append(server.rss_kib())
        assert server.shutdown_and_exit() == 0
    assert max(peaks[2:]) - peaks[1] < 8 * 1024, peaks
    assert max(closed[2:]) - closed[1] < 8 * 1024, closed
    assert all(after <= peak for after, peak in zip(closed, peaks, strict=True))
