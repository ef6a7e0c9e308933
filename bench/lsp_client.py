"""A minimal LSP client over pipes, for benchmarks: no test framework in the measured path."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any


class RawClient:
    def __init__(self, command: list[str] | None = None) -> None:
        self.proc = subprocess.Popen(command or [sys.executable, "-m", "portlint", "serve"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self._id = 0
        self._lock = threading.Condition()
        self._messages: list[tuple[float, dict[str, Any]]] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        stream = self.proc.stdout
        assert stream is not None
        while True:
            headers: dict[str, str] = {}
            while True:
                line = stream.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode().partition(":")
                headers[name.strip().lower()] = value.strip()
            body = stream.read(int(headers["content-length"]))
            message = json.loads(body)
            with self._lock:
                self._messages.append((time.perf_counter(), message))
                self._lock.notify_all()

    def send(self, message: dict[str, Any]) -> None:
        body = json.dumps(message).encode()
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
        self.proc.stdin.flush()

    def request(self, method: str, params: Any) -> Any:
        self._id += 1
        ident = self._id
        self.send({"jsonrpc": "2.0", "id": ident, "method": method, "params": params})
        return self.wait(lambda m: m.get("id") == ident and "method" not in m)[1].get("result")

    def notify(self, method: str, params: Any) -> None:
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait(self, predicate: Any, timeout: float = 60.0) -> tuple[float, dict[str, Any]]:
        deadline = time.monotonic() + timeout
        with self._lock:
            while True:
                for i, (stamp, message) in enumerate(self._messages):
                    if predicate(message):
                        del self._messages[: i + 1]
                        return stamp, message
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise TimeoutError("no matching message")
                self._lock.wait(remaining)

    def initialize(self, root: Path, options: dict[str, Any] | None = None) -> None:
        self.request("initialize", {"processId": os.getpid(), "rootUri": root.as_uri(),
                                    "capabilities": {"general": {"positionEncodings": ["utf-16"]}},
                                    "initializationOptions": options or {}})
        self.notify("initialized", {})

    def published(self, uri: str, version: int | None, timeout: float = 60.0
                  ) -> tuple[float, dict[str, Any]]:
        return self.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                         and m["params"]["uri"] == uri and m["params"].get("version") == version,
                         timeout)

    def close(self) -> None:
        try:
            self.request("shutdown", None)
            self.notify("exit", None)
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()
