"""Under load: a cancelled request is answered RequestCancelled and never computed; a request
about a document with a newer change waiting is dropped; fix-all is computed once per version;
closing documents leaves nothing of them behind. In process, so each burst reaches the server in
one read and the work done can be counted exactly."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from portlint.incremental import DocumentLint
from portlint.lsp import actions
from tests.lsp.inprocess import InProcessServer

TEXT = ('{"tools": [{"name": "t", "description": "%s", "inputSchema": {"type": "object", '
        '"properties": {"a": true, "b": true}}}]}')


@pytest.fixture
def served(tmp_path: Path) -> Iterator[InProcessServer]:
    server = InProcessServer()
    server.initialize(tmp_path)
    yield server
    _, message = server.request("shutdown")
    server.feed(message, {"jsonrpc": "2.0", "method": "exit"})
    assert server.end() == 0


class Counter:
    def __init__(self, monkeypatch: pytest.MonkeyPatch, owner: Any, name: str) -> None:
        self.calls = 0
        original = getattr(owner, name)

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls += 1
            return original(*args, **kwargs)

        monkeypatch.setattr(owner, name, counted)


def _change(uri: str, version: int) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": uri, "version": version},
        "contentChanges": [{"text": TEXT % ("x" * version)}]}}


def _open(uri: str, version: int = 1) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "json", "version": version, "text": TEXT % ""}}}


def _code_action(server: InProcessServer, uri: str) -> tuple[int, dict[str, Any]]:
    return server.request("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": {"start": {"line": 0, "character": 0},
                                                "end": {"line": 0, "character": 0}},
        "context": {"diagnostics": []}})


def _published(server: InProcessServer, uri: str, version: int) -> dict[str, Any]:
    return server.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                           and m["params"]["uri"] == uri
                           and m["params"]["version"] == version)["params"]


def _codes(server: InProcessServer, idents: list[int]) -> list[Any]:
    return [server.response(i).get("error", {}).get("code", "result") for i in idents]


def _burst(server: InProcessServer, messages: list[dict[str, Any]]) -> None:
    chunk = b"".join(json.dumps(m).encode() for m in messages)
    assert len(chunk) < 60_000  # one read of the reader (64 KiB)
    server.feed(*messages)


KEYSTROKES = 50


def test_typing_with_cancellations_computes_only_the_last_request(
        served: InProcessServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """As VS Code types: change, cancel the previous code-action request, ask again."""
    computed = Counter(monkeypatch, actions, "code_actions")
    lints = Counter(monkeypatch, DocumentLint, "lint")
    uri = (tmp_path / "t.json").as_uri()
    served.feed(_open(uri))
    _published(served, uri, 1)
    lints.calls = 0
    messages: list[dict[str, Any]] = []
    idents: list[int] = []
    for version in range(2, KEYSTROKES + 2):
        messages.append(_change(uri, version))
        if idents:
            messages.append({"jsonrpc": "2.0", "method": "$/cancelRequest",
                             "params": {"id": idents[-1]}})
        ident, request = _code_action(served, uri)
        idents.append(ident)
        messages.append(request)
    _burst(served, messages)
    assert _codes(served, idents) == [-32800] * (KEYSTROKES - 1) + ["result"]
    assert computed.calls == 1
    final = _published(served, uri, KEYSTROKES + 1)
    assert lints.calls == 1
    assert sorted(d["code"] for d in final["diagnostics"]) == ["boolean-schema"] * 2
    last = served.response(idents[-1])["result"]
    assert [a["title"] for a in last] == ["portlint: Fix all safe problems"]


@pytest.mark.parametrize(("method", "params", "code"), [
    ("textDocument/codeAction", {"range": {"start": {"line": 0, "character": 0},
                                           "end": {"line": 0, "character": 0}},
                                 "context": {"diagnostics": []}}, -32801),
    ("textDocument/hover", {"position": {"line": 0, "character": 3}}, -32801),
    ("textDocument/documentSymbol", {}, -32801),
    ("textDocument/diagnostic", {}, -32802),
])
def test_a_request_with_a_newer_change_waiting_is_dropped(
        served: InProcessServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        method: str, params: dict[str, Any], code: int) -> None:
    lints = Counter(monkeypatch, DocumentLint, "lint")
    uri = (tmp_path / "t.json").as_uri()
    served.feed(_open(uri))
    _published(served, uri, 1)
    lints.calls = 0
    messages: list[dict[str, Any]] = []
    idents: list[int] = []
    for version in range(2, KEYSTROKES + 2):
        messages.append(_change(uri, version))
        ident, request = served.request(method, {"textDocument": {"uri": uri}, **params})
        idents.append(ident)
        messages.append(request)
    messages.append(_change(uri.replace("/t.json", "/%74.json"), KEYSTROKES + 2))
    ident, request = served.request(method, {"textDocument": {"uri": uri}, **params})
    idents.append(ident)
    messages.append(request)
    _burst(served, messages)
    codes = _codes(served, idents)
    assert codes == [code] * KEYSTROKES + ["result"]
    if code == -32802:
        assert served.response(idents[0])["error"]["data"] == {"retriggerRequest": True}
    _published(served, uri, KEYSTROKES + 2)
    assert lints.calls == 1  # only the last version is linted, once, for the request and the
    # publish; no version in between


def test_fix_all_is_computed_once_per_version(served: InProcessServer, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    computed = Counter(monkeypatch, actions, "_fix_all")
    uri = (tmp_path / "t.json").as_uri()
    served.feed(_open(uri))
    _published(served, uri, 1)
    requests = [_code_action(served, uri) for _ in range(30)]
    _burst(served, [request for _, request in requests])
    answers = [served.response(ident)["result"] for ident, _ in requests]
    assert all([a["title"] for a in answer] == ["portlint: Fix all safe problems"]
               for answer in answers)
    assert len({json.dumps(answer) for answer in answers}) == 1
    assert computed.calls == 1
    served.feed(_change(uri, 2))
    _published(served, uri, 2)
    again = [_code_action(served, uri) for _ in range(5)]
    _burst(served, [request for _, request in again])
    for ident, _ in again:
        served.response(ident)
    assert computed.calls == 2
    command, message = served.request("workspace/executeCommand", {
        "command": "portlint.applyFixAll", "arguments": [uri]})
    served.feed(message)
    apply = served.wait_for(lambda m: m.get("method") == "workspace/applyEdit")
    served.feed({"jsonrpc": "2.0", "id": apply["id"], "result": {"applied": True}})
    assert served.response(command)["result"] is True
    assert computed.calls == 2  # the command reuses it too


def test_closing_every_document_leaves_nothing_behind(served: InProcessServer,
                                                      tmp_path: Path) -> None:
    server = served.server
    folder = tmp_path / "My Project"
    for cycle in range(3):
        uris = [(folder / f"café {cycle}-{i}.json").as_uri() for i in range(40)]
        _burst(served, [_open(uri) for uri in uris])
        for uri in uris:
            _published(served, uri, 1)
        hover, message = served.request("textDocument/hover", {
            "textDocument": {"uri": uris[0]}, "position": {"line": 0, "character": 3}})
        served.feed(message)
        served.response(hover)
        raw_spellings = [f"file://{(folder / f'café {cycle}-{i}.json').as_posix()}"
                         for i in range(40)]
        _burst(served, [{"jsonrpc": "2.0", "method": "textDocument/didClose",
                         "params": {"textDocument": {"uri": uri}}} for uri in raw_spellings])
        ident, message = served.request("textDocument/documentSymbol", {
            "textDocument": {"uri": uris[-1]}})
        served.feed(message)
        assert served.response(ident)["result"] == []
        assert not server.workspace.text_documents
        assert len(server.documents) == 0
        assert not server.protocol._request_futures
    # cancellations of requests the server never saw leave nothing either
    _burst(served, [{"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": i}}
                    for i in range(500)])
    ident, message = served.request("textDocument/documentSymbol", {
        "textDocument": {"uri": "file:///x.json"}})
    served.feed(message)
    served.response(ident)
    assert not server.protocol._request_futures
