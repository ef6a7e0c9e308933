"""A server that answers correctly but also writes to stdout what is not a JSON-RPC message — the
banner or stray log line of a real server — for the live mode's tolerance of it.

``python stray_stdout.py MODE`` speaks MCP over stdio; its one tool, ``lookup``, has a ``type``
array (``show_ids``: a type-union warning) unless the mode says otherwise:

* ``banner`` — prints ``Server starting...`` before reading anything (the repro of a Node server's
  ``console.log`` at start-up);
* ``between`` — prints ``[debug] initialized, waiting for requests`` after the initialize reply
  and ``{"log": "listing tools"}`` (JSON, not JSON-RPC) just before the tools/list reply; its
  tool also has an output schema that is an array (an output-root-not-object error);
* ``clean-banner`` — ``banner`` with a tool that has no problem (exit status 0);
* ``chatty`` — the same progress line before every reply; before the initialize reply also a
  long line, an empty line, a line with a terminal escape, one that is not UTF-8 and twelve
  distinct numbered lines;
* ``garbage-exit`` — prints a banner and exits without answering.

The JSON-RPC is written by hand on purpose (see misbehaving.py).
"""

from __future__ import annotations

import json
import sys

INIT = {"protocolVersion": "2025-06-18", "capabilities": {"tools": {}},
        "serverInfo": {"name": "stray-stdout", "version": "0.0.1"}}

UNION_TOOL = {"name": "lookup", "description": "Look a record up by its key.",
              "inputSchema": {"type": "object", "properties": {
                  "key": {"type": "string", "description": "The record's key."},
                  "show_ids": {"type": ["boolean", "null"],
                               "description": "Whether to show the ids."}},
                  "required": ["key"]}}

# the same, with an output schema that is no object: an error (output-root-not-object)
ARRAY_OUTPUT_TOOL = {**UNION_TOOL, "outputSchema": {"type": "array", "items": {"type": "string"}}}

CLEAN_TOOL = {"name": "lookup", "description": "Look a record up by its key.",
              "inputSchema": {"type": "object", "properties": {
                  "key": {"type": "string", "description": "The record's key."}},
                  "required": ["key"]}}


def raw(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def send(message: dict[str, object]) -> None:
    raw(json.dumps(message))


def chatter() -> None:
    raw("progress: working")
    raw("x" * 5000)
    raw("")
    raw("\x1b[31mred\x1b[0m")
    sys.stdout.buffer.write(b"caf\xe9 latin-1\n")
    sys.stdout.buffer.flush()
    for number in range(12):
        raw(f"line {number}")


def main() -> None:
    mode = sys.argv[1]
    if mode in ("banner", "clean-banner", "garbage-exit"):
        raw("Server starting...")
    if mode == "garbage-exit":
        return
    tool = {"clean-banner": CLEAN_TOOL, "between": ARRAY_OUTPUT_TOOL}.get(mode, UNION_TOOL)
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if "id" not in request:
            continue  # a notification
        method = request.get("method")
        if mode == "chatty":
            raw("progress: working")
        if method == "initialize":
            if mode == "chatty":
                chatter()
            send({"jsonrpc": "2.0", "id": request["id"], "result": INIT})
            if mode == "between":
                raw("[debug] initialized, waiting for requests")
        elif method == "tools/list":
            if mode == "between":
                raw(json.dumps({"log": "listing tools"}))
            send({"jsonrpc": "2.0", "id": request["id"], "result": {"tools": [tool]}})
        else:
            send({"jsonrpc": "2.0", "id": request["id"],
                  "error": {"code": -32601, "message": "Method not found"}})


if __name__ == "__main__":
    main()
