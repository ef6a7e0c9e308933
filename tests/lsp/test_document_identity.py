"""One document, whichever way a message spells its URI: opened under one spelling, every other
message — change, pull, code action, hover, symbols, commands, workspace diagnostics, close — may
use another, and each finds the document; replies name it as it was opened. Driven by the raw
client (no pygls on the client side)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from lsprotocol import types
from lsprotocol.converters import get_converter

from tests.lsp.harness import apply_text_edits, rng
from tests.lsp.raw import RawServer

TOOL = '{"name": "t", "inputSchema": {"type": "object", "properties": {"a": true}}}'
FIXED = TOOL.replace('"a": true', '"a": {}')


def _spellings(root: Path) -> list[tuple[str, str]]:
    folder = root / "My Project" / "café"
    folder.mkdir(parents=True)
    plain = f"file://{folder.as_posix()}"
    escaped = folder.as_uri()  # pathlib escapes the space and the é
    return [
        (escaped + "/tools one.json", plain + "/tools one.json"),
        (plain + "/tools two.json", escaped + "/tools%20two.json"),
        (escaped + "/three.json", escaped.replace("%C3%A9", "%c3%a9") + "/thr%65e.json"),
        ("file://localhost" + escaped[len("file://"):] + "/four.json", escaped + "/four.json"),
        ("file:///c%3A/Users/Me/five.json", "file:///C:/Users/Me/five.json"),
        ("file:///D:/proj/six.json", "file:///d%3a/proj/six.json"),
        ("untitled:Untitled-7", "untitled:Untitled-7"),
    ]


def _position(text: str, needle: str) -> dict[str, int]:
    return {"line": 0, "character": text.index(needle)}


def _result(answer: dict[str, Any]) -> Any:
    assert "error" not in answer, answer
    return answer["result"]


def _check_one(server: RawServer, applied: list[Any], opened: str, asked: str,
               version: int) -> None:
    server.open(opened, TOOL, version=version)
    published = server.published(opened, version)
    assert [d["code"] for d in published["diagnostics"]] == ["boolean-schema"]
    diagnostic = published["diagnostics"][0]
    asked_doc = {"uri": asked}

    hover = _result(server.call("textDocument/hover", {
        "textDocument": asked_doc, "position": _position(TOOL, '"a"')}))
    assert hover["contents"]["value"].startswith("**t › inputSchema.properties.a**")

    symbols = _result(server.call("textDocument/documentSymbol", {"textDocument": asked_doc}))
    assert [s["name"] for s in symbols] == ["t"]

    pulled = _result(server.call("textDocument/diagnostic", {"textDocument": asked_doc}))
    assert [d["code"] for d in pulled["items"]] == ["boolean-schema"]

    actions = _result(server.call("textDocument/codeAction", {
        "textDocument": asked_doc, "range": diagnostic["range"],
        "context": {"diagnostics": [diagnostic], "only": ["quickfix"]}}))
    preferred = [a for a in actions if a.get("isPreferred")]
    assert len(preferred) == 1
    edits = preferred[0]["edit"]["changes"]
    assert list(edits) == [opened]  # the edit names the document as it was opened
    text_edits = get_converter().structure(edits[opened], list[types.TextEdit])
    assert apply_text_edits(TOOL, text_edits) == FIXED

    located = _result(server.call("workspace/executeCommand", {
        "command": "portlint.locatePath", "arguments": [asked, "inputSchema.properties.a"]}))
    start = TOOL.index('"a"')
    assert located == {"uri": opened, "range": {"start": {"line": 0, "character": start},
                                                "end": {"line": 0, "character": start + 3}}}

    applied.clear()
    assert _result(server.call("workspace/executeCommand", {
        "command": "portlint.applyFixAll", "arguments": [asked]})) is True
    assert [list(a["edit"]["changes"]) for a in applied] == [[opened]]

    workspace = _result(server.call("workspace/diagnostic", {"previousResultIds": []}))
    mine = [item for item in workspace["items"] if item["uri"] == opened]
    assert len(mine) == 1 and len(workspace["items"]) == 1

    server.change(asked, version + 1, FIXED)
    after = server.published(opened, version + 1)["diagnostics"]
    assert after == []  # `{}` is untyped, which no default client refuses or rewrites

    server.close(asked)
    assert server.published(opened, None)["diagnostics"] == []
    assert _result(server.call("textDocument/documentSymbol", {
        "textDocument": {"uri": opened}})) == []
    assert _result(server.call("textDocument/hover", {
        "textDocument": {"uri": opened}, "position": _position(TOOL, '"a"')})) is None


def test_every_message_finds_the_document_under_any_spelling(tmp_path: Path) -> None:
    applied: list[Any] = []

    def apply(params: Any) -> dict[str, bool]:
        applied.append(params)
        return {"applied": True}

    with RawServer() as server:
        server.handlers["workspace/applyEdit"] = apply
        server.initialize(tmp_path)
        for version, (opened, asked) in enumerate(_spellings(tmp_path), start=1):
            _check_one(server, applied, opened, asked, version * 10)
        assert server.shutdown_and_exit() == 0
        assert not server.garbage


@pytest.mark.parametrize("language", ["json", "yaml"])
def test_an_untitled_document_is_linted(tmp_path: Path, language: str) -> None:
    text = TOOL if language == "json" else (
        "name: t\ninputSchema:\n  type: object\n  properties:\n    a: true\n")
    with RawServer() as server:
        server.initialize(tmp_path)
        server.open("untitled:Untitled-1", text, language=language)
        found = server.published("untitled:Untitled-1", 1)["diagnostics"]
        assert [(d["code"], d["range"]) for d in found] == [(
            "boolean-schema",
            (_range_json(0, 68, 0, 72) if language == "json" else _range_json(4, 7, 4, 11)))]
        assert server.shutdown_and_exit() == 0


def _range_json(sl: int, sc: int, el: int, ec: int) -> dict[str, Any]:
    r = rng(sl, sc, el, ec)
    return {"start": {"line": r.start.line, "character": r.start.character},
            "end": {"line": r.end.line, "character": r.end.character}}
