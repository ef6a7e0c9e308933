"""The lifecycle and the answers the specification requires, through a raw client writing bytes
to the server's stdin: every request is answered (with the error the specification names), the
session survives whatever it is sent, and the exit code says whether shutdown came first."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.lsp.raw import RawServer, frame

TOOL = '{"name": "t", "inputSchema": {"type": "object", "properties": {"a": true}}}'
OTHER = ('{"name": "t", "inputSchema": {"type": "object", "properties": {"zzz": {"type": '
         '"string"}, "b": true}}}')
HOVER = {"textDocument": {"uri": "file:///nowhere/x.json"}, "position": {"line": 0,
                                                                          "character": 0}}


def _error(answer: dict[str, Any]) -> int:
    assert "result" not in answer, answer
    return int(answer["error"]["code"])


def test_before_initialize(tmp_path: Path) -> None:
    """Requests: ServerNotInitialized. Notifications: dropped (a document opened before
    initialize is not open afterwards). exit: ends the session, code 1."""
    with RawServer() as server:
        assert _error(server.call("textDocument/hover", HOVER)) == -32002
        assert _error(server.call("shutdown")) == -32002
        uri = (tmp_path / "early.json").as_uri()
        server.open(uri, TOOL)
        server.initialize(tmp_path)
        assert server.call("textDocument/documentSymbol", {
            "textDocument": {"uri": uri}})["result"] == []
        assert server.shutdown_and_exit() == 0
        assert not server.garbage


def test_exit_before_initialize_is_code_1() -> None:
    with RawServer() as server:
        server.notify("exit")
        assert server.wait() == 1


def test_a_second_initialize_is_invalid(tmp_path: Path) -> None:
    with RawServer() as server:
        server.initialize(tmp_path)
        assert _error(server.call("initialize", {"processId": None, "rootUri": None,
                                                  "capabilities": {}})) == -32600
        assert server.shutdown_and_exit() == 0


ILL_TYPED = [
    ("textDocument/hover", {"textDocument": {"uri": "file:///x.json"}, "position": "here"}),
    ("textDocument/hover", {"textDocument": {"uri": 5}, "position": {"line": 0,
                                                                     "character": 0}}),
    ("textDocument/hover", {"textDocument": {"uri": "file:///x.json"},
                            "position": {"line": -1, "character": 1e400}}),
    ("textDocument/codeAction", {"textDocument": {"uri": "file:///x.json"}}),
    ("textDocument/codeAction", {"textDocument": {"uri": "file:///x.json"},
                                 "range": {"start": {"line": 0, "character": 0},
                                           "end": {"line": 0, "character": 0}},
                                 "context": {"diagnostics": "all"}}),
    ("textDocument/documentSymbol", [1, 2, 3]),
    ("textDocument/documentSymbol", None),
    ("textDocument/diagnostic", {"textDocument": None}),
    ("workspace/diagnostic", {"previousResultIds": {"a": 1}}),
    ("workspace/executeCommand", {"command": 5}),
    ("workspace/executeCommand", {"command": "portlint.locatePath", "arguments": [1, 2, 3]}),
    ("workspace/executeCommand", {"command": "portlint.applyFixAll", "arguments": [{}]}),
    ("workspace/executeCommand", {"command": "no.such.command", "arguments": []}),
]


def test_every_ill_typed_request_is_answered(tmp_path: Path) -> None:
    with RawServer() as server:
        server.initialize(tmp_path)
        uri = (tmp_path / "t.json").as_uri()
        server.open(uri, TOOL)
        for method, params in ILL_TYPED:
            answer = server.call(method, params)
            assert _error(answer) == -32602, (method, params, answer)
        hover = server.call("textDocument/hover", {"textDocument": {"uri": uri},
                                                   "position": {"line": 0, "character": 66}})
        assert hover["result"]["contents"]["value"].startswith("**t ›")
        assert server.shutdown_and_exit() == 0
        assert not server.garbage


def _raw(server: RawServer, body: bytes) -> None:
    server.send_bytes(frame(body))


def test_every_malformed_message_is_answered(tmp_path: Path) -> None:
    with RawServer() as server:
        server.initialize(tmp_path)
        cases: list[tuple[bytes, Any, int]] = [
            (b'{"jsonrpc": "2.0", "id": 50, "method": "textDocument/hover"', None, -32700),
            (b"\xff\xfe{}", None, -32700),  # not UTF-8
            (b"[" * 100_000 + b"]" * 100_000, None, -32700),  # nested past any parser
            (b"[]", None, -32600),  # a batch: not part of LSP
            (b'"hello"', None, -32600),
            (b'{"jsonrpc": "1.0", "id": 51, "method": "shutdown"}', 51, -32600),
            (b'{"id": 52, "method": "shutdown"}', 52, -32600),
            (b'{"jsonrpc": "2.0", "id": {"no": 1}, "method": "shutdown"}', None, -32600),
            (b'{"jsonrpc": "2.0", "id": true, "method": "shutdown"}', None, -32600),
            (b'{"jsonrpc": "2.0", "id": 53, "method": 7}', 53, -32600),
            (b'{"jsonrpc": "2.0", "id": 54, "method": "no/such/method"}', 54, -32601),
            (b'{"jsonrpc": "2.0", "id": 55, "method": "$/no.such"}', 55, -32601),
            (b'{"jsonrpc": "2.0"}', None, -32600),
            (b'{"jsonrpc": "2.0", "id": 56, "method": "textDocument/hover", "params": '
             b'{"textDocument": {"uri": "file:///x.json"}, "position": {"line": '
             + b"9" * 5000 + b', "character": 0}}}', 56, -32602),  # past int()'s limit
        ]
        for body, ident, code in cases:
            before = len(server.messages)
            _raw(server, body)
            answer = server.wait_for(lambda m: "error" in m, start=before)
            assert (answer["id"], answer["error"]["code"]) == (ident, code), body[:80]
        _raw(server, b'{"jsonrpc": "2.0", "method": "no/such/notification"}')
        _raw(server, b'{"jsonrpc": "2.0", "method": "$/cancelRequest", "params": "x"}')
        assert server.call("textDocument/documentSymbol", {
            "textDocument": {"uri": "file:///x.json"}})["result"] == []
        assert server.shutdown_and_exit() == 0
        assert not server.garbage


def test_after_shutdown(tmp_path: Path) -> None:
    """Requests: InvalidRequest (a second shutdown too). Notifications: ignored. exit: 0."""
    with RawServer() as server:
        server.initialize(tmp_path)
        assert server.call("shutdown")["result"] is None
        uri = (tmp_path / "late.json").as_uri()
        server.open(uri, TOOL)
        for method, params in [("textDocument/hover", HOVER), ("shutdown", None),
                               ("textDocument/documentSymbol", {"textDocument": {"uri": uri}}),
                               ("initialize", {"processId": None, "rootUri": None,
                                               "capabilities": {}})]:
            assert _error(server.call(method, params)) == -32600
        assert not [m for m in server.messages if m.get("method") ==
                    "textDocument/publishDiagnostics"]
        server.notify("exit")
        assert server.wait() == 0


@pytest.mark.parametrize(("shutdown", "ending", "code"), [
    (True, "exit", 0), (False, "exit", 1), (True, "eof", 0), (False, "eof", 1),
    (True, "exit as a request", 0)])
def test_exit_codes(tmp_path: Path, shutdown: bool, ending: str, code: int) -> None:
    with RawServer() as server:
        server.initialize(tmp_path)
        if shutdown:
            assert server.call("shutdown")["result"] is None
        if ending == "exit":
            server.notify("exit")
        elif ending == "exit as a request":
            assert server.call("exit")["result"] is None
        else:
            assert server.proc.stdin is not None
            server.proc.stdin.close()
        assert server.wait() == code
        assert not server.garbage


def _code_action(server: RawServer, uri: str, diagnostics: list[dict[str, Any]]
                 ) -> dict[str, Any]:
    return server.call("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": diagnostics[0]["range"],
        "context": {"diagnostics": diagnostics, "only": ["quickfix"]}})


def test_did_open_replaces_the_document_whatever_its_version(tmp_path: Path) -> None:
    """A second didOpen with the same version and another text: the new text is linted, and a
    code action from the first text's diagnostics gets nothing (its edit would corrupt the new
    text); a re-open with a lower version is published too."""
    with RawServer() as server:
        server.initialize(tmp_path)
        uri = (tmp_path / "t.json").as_uri()
        server.open(uri, TOOL, version=5)
        first = server.published(uri, 5)["diagnostics"]
        server.open(uri, OTHER, version=5)
        second = server.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                                 and m["params"]["diagnostics"] != first)["params"]
        assert second["version"] == 5
        start = OTHER.index('"b": ') + 5
        assert [(d["code"], d["range"]["start"]["character"]) for d in second["diagnostics"]] == [
            ("boolean-schema", start)]
        assert _code_action(server, uri, first)["result"] == []
        actions = _code_action(server, uri, second["diagnostics"])["result"]
        safe = next(a for a in actions if a["isPreferred"])
        (edit,) = safe["edit"]["changes"][uri]
        assert edit["range"]["start"]["character"] == start and edit["newText"] == "{}"
        server.open(uri, TOOL, version=1)
        assert server.published(uri, 1)["diagnostics"][0]["range"] == first[0]["range"]
        assert server.shutdown_and_exit() == 0


def test_client_altered_data_gives_the_true_fix_or_none(tmp_path: Path) -> None:
    """The fix comes from the server's own lint, found by range, code and message: altered
    ``data`` never moves an edit and never causes an internal error."""
    with RawServer() as server:
        server.initialize(tmp_path)
        uri = (tmp_path / "t.json").as_uri()
        server.open(uri, TOOL)
        (diagnostic,) = server.published(uri, 1)["diagnostics"]
        true_edit = {"range": diagnostic["range"], "newText": "{}"}

        def altered(**changes: Any) -> dict[str, Any]:
            copy = json.loads(json.dumps(diagnostic))
            for key, value in changes.items():
                if key == "data":
                    copy["data"] = value
                else:
                    copy["data"][key] = value
            return copy

        keeps_the_true_fix = [
            altered(offset=diagnostic["data"]["offset"] + 7),
            altered(offset="seven"),
            altered(fixes=[{"title": "x", "applicability": "safe", "edits": [[0, 99, "!"]]}]),
            altered(fixes="none"),
            altered(data="a string"),
            altered(data=None),
        ]
        gets_nothing = [
            altered(version={"v": 1}), altered(version=[1]), altered(version=2),
            altered(open=99), altered(data={"version": 1}),  # no open stamp: not this open's
            {**diagnostic, "message": "another message"},
            {**diagnostic, "code": "type-union"},
            {**diagnostic, "range": {"start": {"line": 0, "character": 0},
                                     "end": {"line": 0, "character": 3}}},
        ]
        for sent in keeps_the_true_fix + gets_nothing:
            answer = _code_action(server, uri, [sent])
            assert "error" not in answer, (sent["data"], answer)
            edits = [a["edit"]["changes"][uri] for a in answer["result"] if a["isPreferred"]]
            if sent in keeps_the_true_fix:
                assert edits == [[true_edit]], sent
            else:
                assert edits == [], sent
        assert server.shutdown_and_exit() == 0
