"""The process: stdout carries protocol messages only; --stdio, --tcp and --log-file."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any


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


def _session(root: Path) -> bytes:
    uri = (root / "t.json").as_uri()
    messages = [
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
    return b"".join(_frame(m) for m in messages)


def test_stdout_has_only_protocol_messages(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    proc = subprocess.run([sys.executable, "-m", "portlint", "serve", "--stdio", "--log-file",
                           str(log)], input=_session(tmp_path), capture_output=True, timeout=60)
    frames = _frames(proc.stdout)
    assert {f.get("id") for f in frames if "id" in f} >= {1, 2, 3}
    hover = next(f for f in frames if f.get("id") == 2)
    assert "tools" not in hover["result"]["contents"]["value"]
    assert hover["result"]["contents"]["value"].startswith("**t › inputSchema.properties.a**")
    assert log.exists()


def test_tcp_refuses_non_loopback_without_allow_remote() -> None:
    proc = subprocess.run([sys.executable, "-m", "portlint", "serve", "--tcp", "0.0.0.0:0"],
                          capture_output=True, text=True, timeout=30)
    assert proc.returncode == 2
    assert "not a loopback address" in proc.stderr


def test_tcp_loopback_serves(tmp_path: Path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "portlint", "serve", "--tcp",
                               f"127.0.0.1:{port}"], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE)
    try:
        for _ in range(200):
            try:
                connection = socket.create_connection(("127.0.0.1", port), timeout=1)
                break
            except OSError:
                time.sleep(0.05)
        else:
            raise AssertionError("the server did not listen")
        with connection:
            connection.sendall(_session(tmp_path))
            connection.settimeout(30)
            received = b""
            while b'"id": 3' not in received and b'"id":3' not in received:
                chunk = connection.recv(65536)
                if not chunk:
                    break
                received += chunk
        assert b'"id": 3' in received or b'"id":3' in received
    finally:
        server.kill()
        server.wait(timeout=10)
