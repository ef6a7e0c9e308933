"""A raw LSP client: bytes written to the server's stdin, every byte of its stdout parsed strictly.

Nothing here goes through pygls or pytest-lsp, so what the tests see is what an editor sees: a
frame the server writes that is not ``Content-Length``/``Content-Type`` headers and a JSON body
lands in :attr:`RawServer.garbage`, and requests the server sends are answered (``null`` unless a
handler is registered) the way a minimal client would.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

SERVE = [sys.executable, "-m", "portlint", "serve"]
REPOSITORY = Path(__file__).resolve().parents[2]


def frame(message: Mapping[str, Any] | bytes) -> bytes:
    body = message if isinstance(message, bytes) else json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def server_environment(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(REPOSITORY / "server"), env.get("PYTHONPATH", "")) if p)
    env.update(extra or {})
    return env


class RawServer:
    """``portlint serve`` in a subprocess, talked to byte by byte."""

    def __init__(self, args: Iterable[str] = (), *, command: list[str] | None = None,
                 env: Mapping[str, str] | None = None, cwd: Path | None = None) -> None:
        self.proc = subprocess.Popen([*(command or SERVE), *args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     env=server_environment(env), cwd=cwd)
        self.messages: list[dict[str, Any]] = []
        self.arrival: list[float] = []  # when each message was parsed (time.monotonic)
        self.garbage = bytearray()
        self.stderr = bytearray()
        self.handlers: dict[str, Callable[[Any], Any]] = {}
        self._next_id = 0
        self._changed = threading.Condition()
        self._write_lock = threading.Lock()
        self._stdout_done = False
        self._threads = [threading.Thread(target=self._read_stdout, daemon=True),
                         threading.Thread(target=self._read_stderr, daemon=True)]
        for thread in self._threads:
            thread.start()

    # -- writing ------------------------------------------------------------------------------

    def send_bytes(self, data: bytes) -> None:
        assert self.proc.stdin is not None
        with self._write_lock:
            try:
                self.proc.stdin.write(data)
                self.proc.stdin.flush()
            except (BrokenPipeError, ValueError):
                pass  # the server is gone; the test's assertions say what that means

    def send(self, message: Mapping[str, Any]) -> None:
        self.send_bytes(frame(message))

    def notify(self, method: str, params: Any = None) -> None:
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)

    def request(self, method: str, params: Any = None, *, send: bool = True) -> int:
        self._next_id += 1
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": self._next_id, "method": method}
        if params is not None:
            message["params"] = params
        if send:
            self.send(message)
        return self._next_id

    def request_frame(self, method: str, params: Any = None) -> tuple[int, bytes]:
        """A request's id and its frame, not sent (to batch many into one write)."""
        ident = self.request(method, params, send=False)
        return ident, frame({"jsonrpc": "2.0", "id": ident, "method": method, "params": params})

    # -- reading ------------------------------------------------------------------------------

    def _read_stdout(self) -> None:
        stream = self.proc.stdout
        assert stream is not None
        try:
            while True:
                headers: dict[str, str] = {}
                raw_headers = b""
                while True:
                    line = stream.readline()
                    if not line:
                        return
                    raw_headers += line
                    if line == b"\r\n":
                        break
                    name, sep, value = line.decode("ascii", "replace").partition(": ")
                    if not sep or not line.endswith(b"\r\n") or name not in (
                            "Content-Length", "Content-Type"):
                        self._garbage(raw_headers + stream.read1(65536))  # type: ignore[attr-defined]
                        raw_headers = b""
                        headers = {}
                        continue
                    headers[name] = value.strip()
                if "Content-Length" not in headers or not headers["Content-Length"].isdigit():
                    self._garbage(raw_headers)
                    continue
                body = stream.read(int(headers["Content-Length"]))
                try:
                    message = json.loads(body.decode("utf-8"))
                except ValueError:
                    self._garbage(raw_headers + body)
                    continue
                self._received(message)
        finally:
            with self._changed:
                self._stdout_done = True
                self._changed.notify_all()

    def _garbage(self, data: bytes) -> None:
        with self._changed:
            self.garbage += data
            self._changed.notify_all()

    def _received(self, message: Any) -> None:
        if isinstance(message, dict) and "method" in message and "id" in message:
            handler = self.handlers.get(message["method"])
            result = handler(message.get("params")) if handler else None
            self.send({"jsonrpc": "2.0", "id": message["id"], "result": result})
        with self._changed:
            self.messages.append(message)
            self.arrival.append(time.monotonic())
            self._changed.notify_all()

    def _read_stderr(self) -> None:
        stream = self.proc.stderr
        assert stream is not None
        for chunk in iter(lambda: stream.read1(65536), b""):  # type: ignore[attr-defined]
            self.stderr += chunk

    def wait_for(self, predicate: Callable[[dict[str, Any]], bool], timeout: float = 30.0,
                 start: int = 0) -> dict[str, Any]:
        """The first message (from index ``start`` on) that satisfies ``predicate``."""
        deadline = time.monotonic() + timeout
        seen = start
        with self._changed:
            while True:
                for message in self.messages[seen:]:
                    if predicate(message):
                        return message
                seen = len(self.messages)
                left = deadline - time.monotonic()
                if left <= 0 or self._stdout_done:
                    raise AssertionError(
                        f"no such message within {timeout}s (server "
                        f"{'closed stdout' if self._stdout_done else 'still running'}); got "
                        f"{[m.get('method', m.get('id')) for m in self.messages][-20:]}; stderr: "
                        f"{bytes(self.stderr[-2000:]).decode(errors='replace')}")
                self._changed.wait(min(left, 0.5))

    def response(self, ident: Any, timeout: float = 30.0) -> dict[str, Any]:
        return self.wait_for(lambda m: m.get("id") == ident and "method" not in m, timeout)

    def call(self, method: str, params: Any = None, timeout: float = 30.0) -> dict[str, Any]:
        return self.response(self.request(method, params), timeout)

    def published(self, uri: str, version: int | None, timeout: float = 30.0
                  ) -> dict[str, Any]:
        def match(m: dict[str, Any]) -> bool:
            return (m.get("method") == "textDocument/publishDiagnostics"
                    and m["params"]["uri"] == uri and m["params"].get("version") == version)
        return self.wait_for(match, timeout)["params"]  # type: ignore[no-any-return]

    def responses(self) -> dict[Any, dict[str, Any]]:
        with self._changed:
            return {m["id"]: m for m in self.messages if "id" in m and "method" not in m}

    # -- a session ----------------------------------------------------------------------------

    def initialize(self, root: Path | None = None, *, capabilities: Any = None,
                   options: Any = None) -> dict[str, Any]:
        params: dict[str, Any] = {"processId": None,
                                  "rootUri": root.as_uri() if root else None,
                                  "capabilities": capabilities or {},
                                  "initializationOptions": (options if options is not None
                                                            else {"debounceMs": 0})}
        answer = self.call("initialize", params, timeout=60)
        self.notify("initialized", {})
        return answer

    def open(self, uri: str, text: str, version: int = 1, language: str = "json") -> None:
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": language, "version": version, "text": text}})

    def change(self, uri: str, version: int, text: str) -> None:
        self.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"text": text}]})

    def close(self, uri: str) -> None:
        self.notify("textDocument/didClose", {"textDocument": {"uri": uri}})

    def shutdown_and_exit(self, timeout: float = 30.0) -> int:
        answer = self.call("shutdown", timeout=timeout)
        assert answer.get("result", "missing") is None, answer
        self.notify("exit")
        return self.wait(timeout)

    def wait(self, timeout: float = 30.0) -> int:
        try:
            code = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError("the server did not exit") from None
        for thread in self._threads:
            thread.join(5)
        return code

    def rss_kib(self) -> int:
        """The server's resident memory (Linux)."""
        status = Path(f"/proc/{self.proc.pid}/status").read_text()
        line = next(x for x in status.splitlines() if x.startswith("VmRSS:"))
        return int(line.split()[1])

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()

    def __enter__(self) -> RawServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.kill()
