"""The process: stdout carries protocol messages only; --stdio, --tcp (loopback, with a token)
and --log-file."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.lsp.raw import RawServer


def _frame(message: dict[str, Any]) -> bytes:
    body = json.dumps(message).encode()
    return f"Content-Length: {len(body)}\r\n\r\n".encode() + body


def _frames(data: bytes) -> list[dict[str, Any]]:
    out = []
    while data:
        header, _, rest = data.partition(b"\r\n\r\n")
        fields = dict(line.split(b": ", 1) for line in header.split(b"\r\n"))
        assert set(fields) <= {b"Content-Length", b"Content-Type"}, data[:120]
        length = int(fields[b"Content-Length"])
        out.append(json.loads(rest[:length]))
        data = rest[length:]
    return out


def _session(root: Path) -> list[dict[str, Any]]:
    uri = (root / "t.json").as_uri()
    return [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"processId": None, "rootUri": root.as_uri(), "capabilities": {},
                    "initializationOptions": {"debounceMs": 0}}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "json", "version": 1,
            "text": '{"name": "t", "inputSchema": {"type": "object", "properties": {"a": true}}}'}}},
        {"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {
            "textDocument": {"uri": uri}, "position": {"line": 0, "character": 66}}},
        {"jsonrpc": "2.0", "id": 3, "method": "shutdown"},
        {"jsonrpc": "2.0", "method": "exit"},
    ]


def test_stdout_has_only_protocol_messages(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    proc = subprocess.run([sys.executable, "-m", "portlint", "serve", "--stdio", "--log-file",
                           str(log)], input=b"".join(_frame(m) for m in _session(tmp_path)),
                          capture_output=True, timeout=60)
    frames = _frames(proc.stdout)
    assert {f.get("id") for f in frames if "id" in f} >= {1, 2, 3}
    hover = next(f for f in frames if f.get("id") == 2)
    assert "tools" not in hover["result"]["contents"]["value"]
    assert hover["result"]["contents"]["value"].startswith("**t › inputSchema.properties.a**")
    assert log.exists()


@pytest.mark.parametrize("address", [
    "0.0.0.0:0", "192.168.1.5:2087", "example.com:2087", "127.0.0.1:abc", "127.0.0.1:70000",
    "127.0.0.1:-1", "127.0.0.1:", "::1:2087", "[::1]2087", "", "127.0.0.1:２０８７"])
def test_a_bad_tcp_address_is_a_usage_error(address: str) -> None:
    proc = subprocess.run([sys.executable, "-m", "portlint", "serve", "--tcp", address],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "argument --tcp" in proc.stderr and "Traceback" not in proc.stderr


def test_allow_remote_is_gone() -> None:
    proc = subprocess.run([sys.executable, "-m", "portlint", "serve", "--tcp", "0.0.0.0:0",
                           "--allow-remote"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


_LISTENING = re.compile(r"listening on 127\.0\.0\.1:(\d+); .*token = '([^']+)'")


class _Listener:
    """``portlint serve --tcp 127.0.0.1:0``: its port and token, read from its stderr."""

    def __init__(self, env: dict[str, str] | None = None) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "portlint", "serve", "--tcp",
                                      "127.0.0.1:0"], stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True,
                                     env={**os.environ, **(env or {})})
        assert self.proc.stderr is not None
        line = self.proc.stderr.readline()
        found = _LISTENING.search(line)
        assert found is not None, line
        self.port, self.token = int(found.group(1)), found.group(2)

    def session(self, messages: list[dict[str, Any]], until: bytes | None = None) -> bytes:
        with socket.create_connection(("127.0.0.1", self.port), timeout=30) as connection:
            connection.sendall(b"".join(_frame(m) for m in messages))
            received = b""
            while until is None or until not in received:
                chunk = connection.recv(65536)
                if not chunk:
                    break
                received += chunk
            return received

    def close(self) -> int:
        try:
            return self.proc.wait(30)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait(10)
            assert self.proc.stderr is not None and self.proc.stdout is not None
            self.proc.stderr.close()
            self.proc.stdout.close()


def _initialize(token: Any) -> dict[str, Any]:
    options: dict[str, Any] = {"debounceMs": 0}
    if token is not None:
        options["token"] = token
    return {"jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {"processId": None, "rootUri": None, "capabilities": {},
                       "initializationOptions": options}}


def test_tcp_serves_only_a_client_with_the_token(tmp_path: Path) -> None:
    listener = _Listener()
    try:
        for wrong in (None, "", "not the token", 12345, listener.token + "x"):
            answer = _frames(listener.session([_initialize(wrong)]))  # closed after the answer
            assert [(f["id"], f["error"]["code"]) for f in answer] == [(1, -32600)], wrong
        hover_first = [{"jsonrpc": "2.0", "id": 9, "method": "shutdown"}]
        before = _frames(listener.session(hover_first, until=b'"id":9'))
        assert [f["error"]["code"] for f in before if f.get("id") == 9] == [-32002]
        received = listener.session([_initialize(listener.token), *_session(tmp_path)[1:]],
                                    until=None)
        frames = _frames(received)
        assert {f.get("id") for f in frames if "id" in f} >= {1, 2, 3}
        hover = next(f for f in frames if f.get("id") == 2)
        assert hover["result"]["contents"]["value"].startswith("**t › inputSchema")
        assert listener.close() == 0  # the authenticated session's exit code
    finally:
        if listener.proc.poll() is None:
            listener.proc.kill()
            listener.proc.wait(10)


def test_tcp_token_from_the_environment(tmp_path: Path) -> None:
    listener = _Listener({"PORTLINT_TCP_TOKEN": "a-token-chosen-by-the-user"})
    try:
        assert listener.token == "a-token-chosen-by-the-user"
        frames = _frames(listener.session([_initialize("a-token-chosen-by-the-user"),
                                           *_session(tmp_path)[1:]]))
        assert next(f for f in frames if f.get("id") == 1)["result"]["capabilities"]
        assert listener.close() == 0
    finally:
        if listener.proc.poll() is None:
            listener.proc.kill()
            listener.proc.wait(10)


def test_nothing_but_protocol_messages_even_from_code_writing_to_stdout(tmp_path: Path) -> None:
    """A rule that prints, writes to sys.stdout.buffer and to file descriptor 1: all of it
    lands on stderr; the client reads only frames, and the diagnostics still come."""
    with RawServer(command=[sys.executable, str(Path(__file__).with_name("noisy_server.py"))]
                   ) as server:
        server.initialize(tmp_path)
        uri = (tmp_path / "t.json").as_uri()
        server.open(uri, '{"name": "t", "inputSchema": {"type": "object", "properties": '
                         '{"a": true}}}')
        assert [d["code"] for d in server.published(uri, 1)["diagnostics"]] == [
            "boolean-schema"]
        assert server.shutdown_and_exit() == 0
        assert not server.garbage
        assert server.messages and all(m.get("jsonrpc") == "2.0" for m in server.messages)
        assert b"print() from a rule" in server.stderr
        assert b'Content-Length: 2\r\n\r\n{}' in server.stderr
