"""Servers that do what a real server should not, for the live mode's bounds.

``python misbehaving.py MODE [ARG]`` speaks (or fails to speak) MCP over stdio:

* ``crash`` — writes to stderr and exits 3 before reading anything;
* ``silent`` — reads requests and never answers;
* ``silent-tools`` — answers ``initialize``, never ``tools/list``;
* ``garbage`` — answers ``initialize`` with a line that is not JSON;
* ``not-jsonrpc`` — answers with JSON that is not a JSON-RPC message;
* ``bad-init`` — answers ``initialize`` with a result the MCP client refuses (no
  ``protocolVersion``);
* ``huge N`` — lists N tools in one page;
* ``pages N`` — lists one tool per page over N pages;
* ``forever`` — a new cursor on every page, for ever;
* ``circle`` — the cursor of page 2 points back to page 1;
* ``no-tools`` — answers ``tools/list`` with a result that has no ``tools`` array;
* ``error`` — answers ``tools/list`` with a JSON-RPC error;
* ``hostile-text`` — writes terminal escapes to stderr and answers ``tools/list`` "method not
  found" with escapes, a NUL and a forged line in the message;
* ``bad-schemas`` — one tool whose schemas the MCP clients refuse;
* ``nan VALUE`` — lists, on page 2, a tool whose ``maximum`` is VALUE written as it is
  (``NaN``, ``Infinity``, ``-Infinity``: Python's decoder reads them, JSON has no such number);
* ``grandchild PIDFILE`` — starts a child process that outlives a kill of its parent alone,
  writes both pids to PIDFILE, and never answers (the process group must be ended).

The servers' own JSON-RPC is written by hand on purpose: they are the hostile side.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time


def send(message: dict[str, object]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def tool(name: str) -> dict[str, object]:
    return {"name": name, "description": f"tool {name}",
            "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}}}


def bad_tool() -> dict[str, object]:
    return {"name": "bad", "inputSchema": {"type": "object", "properties": {"flag": True}},
            "outputSchema": {"type": "array", "items": {"type": "string"}}}


def result(request: dict[str, object], value: dict[str, object]) -> None:
    send({"jsonrpc": "2.0", "id": request["id"], "result": value})


INIT = {"protocolVersion": "2025-06-18", "capabilities": {"tools": {}},
        "serverInfo": {"name": "misbehaving", "version": "0.0.1"}}


def main() -> None:
    mode = sys.argv[1]
    arg = sys.argv[2] if len(sys.argv) > 2 else ""
    if mode == "crash":
        sys.stderr.write("Traceback (most recent call last):\nRuntimeError: no config\n")
        sys.exit(3)
    if mode == "grandchild":
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
        with open(arg, "w") as handle:
            handle.write(f"{child.pid}\n")
        time.sleep(120)
        return
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        method = request.get("method")
        if "id" not in request:
            continue  # a notification
        if mode == "silent":
            continue
        if method == "initialize":
            if mode == "garbage":
                sys.stdout.write("Server ready! Listening...\n")
                sys.stdout.flush()
                continue
            if mode == "not-jsonrpc":
                send({"hello": "world"})
                continue
            if mode == "bad-init":
                result(request, {"capabilities": {}, "serverInfo": {"name": "half"}})
                continue
            result(request, INIT)
            continue
        if method != "tools/list":
            send({"jsonrpc": "2.0", "id": request["id"],
                  "error": {"code": -32601, "message": "Method not found"}})
            continue
        params = request.get("params") or {}
        cursor = params.get("cursor") if isinstance(params, dict) else None
        page = int(cursor) if isinstance(cursor, str) else 0
        if mode == "silent-tools":
            continue
        if mode == "huge":
            result(request, {"tools": [tool(f"tool_{i}") for i in range(int(arg))]})
        elif mode == "pages":
            last = int(arg) - 1
            body: dict[str, object] = {"tools": [tool(f"page_{page}")]}
            if page < last:
                body["nextCursor"] = str(page + 1)
            result(request, body)
        elif mode == "forever":
            result(request, {"tools": [tool(f"page_{page}")], "nextCursor": str(page + 1)})
        elif mode == "circle":
            result(request, {"tools": [tool(f"page_{page}")],
                             "nextCursor": "1" if page == 0 else "0"})
        elif mode == "no-tools":
            result(request, {"items": []})
        elif mode == "error":
            send({"jsonrpc": "2.0", "id": request["id"],
                  "error": {"code": -32603, "message": "database is locked"}})
        elif mode == "hostile-text":
            sys.stderr.write("\x1b[2J\x1b[31mcleared\x1b[0m\n")
            sys.stderr.flush()
            send({"jsonrpc": "2.0", "id": request["id"], "error": {
                "code": -32601, "message": "\x1b[31mnope\x1b[0m\r::error::forged \x00"}})
        elif mode == "bad-schemas":
            result(request, {"tools": [tool("fine"), bad_tool()]})
        elif mode == "nan":
            if page == 0:
                result(request, {"tools": [tool("fine")], "nextCursor": "1"})
                continue
            text = json.dumps({"jsonrpc": "2.0", "id": request["id"], "result": {"tools": [
                {"name": "odd", "inputSchema": {"type": "object", "properties": {"n": {
                    "anyOf": [{"type": "number", "maximum": "VALUE"}]}}}}]}})
            sys.stdout.write(text.replace('"VALUE"', arg) + "\n")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
