"""The oracle for what an `mcp` 2.x server refuses to send: each case below (one tool of a
tools/list result, as a low-level server writes it) is handed to the SDK's own serialisation
(`wire_refusals_probe.py`, in the cached venv of each release) and its verdict per handshake
protocol version is recorded in ``wire-refusals.json`` (committed; the default test compares
:func:`portlint.python.wire_refusal.wire_refusal` and the wire key order with it offline).

    .venv/bin/python -m tests.python.record_wire_refusals
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.python import record_servers

HERE = Path(__file__).resolve().parent
PROBE = HERE / "wire_refusals_probe.py"
RECORDING = HERE / "wire-refusals.json"
RELEASES = ("2.0.0", "2.1.1", "2.2.0", "2.3.0")

_OBJECT = {"type": "object"}


def _tool(input_schema: Any, output_schema: Any = None) -> dict[str, Any]:
    tool: dict[str, Any] = {"name": "t", "inputSchema": input_schema}
    if output_schema is not None:
        tool["outputSchema"] = output_schema
    return tool


# the input root, then the output root, each in the forms the wire model's fields can take
CASES: list[dict[str, Any]] = [
    _tool({"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}),
    _tool({"additionalProperties": False, "$defs": {}, "required": [], "properties": {},
           "type": "object", "$schema": "https://json-schema.org/draft/2020-12/schema"}),
    _tool({"type": "object", "title": "T", "properties": {"a": {}}, "x-extra": 1}),
    _tool({"properties": {}}),
    _tool({}),
    _tool({"type": "array"}),
    _tool({"type": ["object", "null"]}),
    _tool({"type": "Object"}),
    _tool({"type": "object", "properties": []}),
    _tool({"type": "object", "properties": "a"}),
    _tool({"type": "object", "properties": {"a": 5}}),
    _tool({"type": "object", "properties": {"a": [{"type": "string"}]}}),
    _tool({"type": "object", "properties": {"a": None}}),
    _tool({"type": "object", "properties": {"a": "maybe"}}),
    _tool({"type": "object", "properties": {"a": True, "b": False}}),
    _tool({"type": "object", "properties": {"a": 1, "b": "yes", "c": 0.0, "d": "OFF"}}),
    _tool({"type": "object", "properties": {"a": 2}}),
    _tool({"type": "object", "properties": {"a": 0.5}}),
    _tool({"type": "object", "properties": None, "required": None, "$schema": None}),
    _tool({"type": "object", "title": None, "x-extra": None, "default": None,
           "properties": {"a": {"default": None, "description": None}}}),
    _tool({"type": "object", "required": "a"}),
    _tool({"type": "object", "required": [1]}),
    _tool({"type": "object", "required": ["a", "a"]}),
    _tool({"type": "object", "$schema": 7}),
    _tool({"anyOf": [_OBJECT]}),
    _tool(_OBJECT, {"type": "object", "properties": {"n": {"type": "integer"}},
                    "required": ["n"], "additionalProperties": False}),
    _tool(_OBJECT, {"additionalProperties": False, "required": [], "type": "object"}),
    _tool(_OBJECT, {"type": "array", "items": {"type": "string"}}),
    _tool(_OBJECT, {"properties": {"n": {}}}),
    _tool(_OBJECT, {"type": "object", "required": [None]}),
    _tool(_OBJECT, {"type": "object", "properties": {"n": 2}}),
]


def probe(release: str) -> list[dict[str, Any]]:
    """The verdicts of ``mcp==release`` on every case."""
    python = record_servers.venv("mcp", release) / "bin" / "python"
    done = subprocess.run([str(python), str(PROBE)], input=json.dumps(CASES),
                          capture_output=True, text=True, check=True)
    verdicts: list[dict[str, Any]] = json.loads(done.stdout)
    return verdicts


def record() -> dict[str, Any]:
    return {"cases": CASES, "releases": {release: probe(release) for release in RELEASES}}


def main() -> int:
    RECORDING.write_text(json.dumps(record(), indent=1, ensure_ascii=False) + "\n",
                         encoding="utf-8")
    print(f"wrote {RECORDING.relative_to(HERE.parents[1])}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
