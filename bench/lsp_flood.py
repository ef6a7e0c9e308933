"""The editor typing fast: how long until the last version's diagnostics arrive.

Each keystroke is what VS Code sends while typing: a didChange (one character), a
``$/cancelRequest`` for the previous code-action request, and a new code-action request (no
``only``, so fix-all is asked for too). All keystrokes are written as fast as the pipe takes
them; the figure is the time from the first byte to the publish of the last version, and how the
code-action requests were answered.

    python bench/lsp_flood.py [--keystrokes 1600] [--tools 100] [--server-path DIR]

``--server-path`` runs another checkout's server (its ``server/`` folder) with this Python, to
compare before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]


def _document(tools: int) -> str:
    entries = [f'    {{"name": "tool_{i}", "description": "d", "inputSchema": {{"type": "object", '
               f'"properties": {{"a": true, "b": {{"type": ["string", "null"]}}}}}}}}'
               for i in range(tools)]
    return '{\n  "tools": [\n' + ",\n".join(entries) + "\n  ]\n}\n"


def _frame(message: dict[str, Any]) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class Reader(threading.Thread):
    def __init__(self, stream: Any) -> None:
        super().__init__(daemon=True)
        self.stream = stream
        self.messages: list[tuple[float, dict[str, Any]]] = []
        self.changed = threading.Condition()

    def run(self) -> None:
        while True:
            length = 0
            while True:
                line = self.stream.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode().partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value)
            message = json.loads(self.stream.read(length))
            with self.changed:
                self.messages.append((time.perf_counter(), message))
                self.changed.notify_all()

    def wait(self, predicate: Any, timeout: float) -> float:
        deadline = time.monotonic() + timeout
        with self.changed:
            while True:
                for at, message in self.messages:
                    if predicate(message):
                        return at
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError
                self.changed.wait(min(left, 1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keystrokes", type=int, default=1600)
    parser.add_argument("--tools", type=int, default=100)
    parser.add_argument("--server-path", type=Path, default=REPO / "server")
    parser.add_argument("--timeout", type=float, default=900)
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": str(args.server_path)}
    proc = subprocess.Popen([sys.executable, "-m", "portlint", "serve"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    assert proc.stdin is not None
    reader = Reader(proc.stdout)
    reader.start()
    with tempfile.TemporaryDirectory() as root:
        uri = Path(root, "tools.json").as_uri()
        text = _document(args.tools)
        proc.stdin.write(_frame({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "processId": None, "rootUri": Path(root).as_uri(), "capabilities": {},
            "initializationOptions": {"debounceMs": 150}}}))
        proc.stdin.write(_frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
        proc.stdin.write(_frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
            "textDocument": {"uri": uri, "languageId": "json", "version": 1, "text": text}}}))
        proc.stdin.flush()
        reader.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                    and m["params"].get("version") == 1, 120)
        first_tool = text.split("\n")[2]
        column = first_tool.index('"description": "') + len('"description": "')  # typing here
        flood = bytearray()
        ids: list[int] = []
        for keystroke in range(args.keystrokes):
            version = keystroke + 2
            flood += _frame({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"range": {
                    "start": {"line": 2, "character": column},
                    "end": {"line": 2, "character": column}}, "text": "x"}]}})
            if ids:
                flood += _frame({"jsonrpc": "2.0", "method": "$/cancelRequest",
                                 "params": {"id": ids[-1]}})
            ids.append(keystroke + 1)
            flood += _frame({"jsonrpc": "2.0", "id": ids[-1], "method": "textDocument/codeAction",
                             "params": {"textDocument": {"uri": uri}, "range": {
                                 "start": {"line": 2, "character": 0},
                                 "end": {"line": 2, "character": 0}},
                                 "context": {"diagnostics": []}}})
        last = args.keystrokes + 1
        start = time.perf_counter()
        proc.stdin.write(flood)
        proc.stdin.flush()
        try:
            published = reader.wait(
                lambda m: m.get("method") == "textDocument/publishDiagnostics"
                and m["params"].get("version") == last, args.timeout) - start
            answered = reader.wait(lambda m: m.get("id") == ids[-1] and "method" not in m,
                                   args.timeout) - start
        except TimeoutError:
            print(f"no diagnostics for version {last} within {args.timeout:.0f} s")
            proc.kill()
            return 1
        kinds = Counter(
            str(m["error"]["code"]) if "error" in m else "computed"
            for _, m in reader.messages if m.get("id") in set(ids) and "method" not in m)
        proc.kill()
        proc.wait()
    print(f"{args.keystrokes} keystrokes on {args.tools} tools ({len(text):,} characters, "
          f"{len(flood):,} bytes of messages)")
    print(f"last version's diagnostics after {published:.2f} s; last code action answered "
          f"after {answered:.2f} s")
    print("code-action answers: " + ", ".join(f"{kind} x{count}"
                                              for kind, count in sorted(kinds.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
