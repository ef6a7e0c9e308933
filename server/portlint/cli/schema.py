"""``portlint schema FILE.py``: what a Python MCP server will advertise, without running it."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, TextIO

from portlint.python.analysis import analyze
from portlint.python.frameworks import Framework
from portlint.source.text import DecodeError, decode_bytes

_FRAMEWORKS: dict[str, Framework | None] = {
    "auto": None, "fastmcp": "fastmcp2", "fastmcp2": "fastmcp2", "fastmcp4": "fastmcp4",
    "mcp": "mcp1", "mcp1": "mcp1", "mcp2": "mcp2"}


def run_schema(path: str, framework: str = "auto", tool: str | None = None,
               out: TextIO | None = None, err: TextIO | None = None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        text = decode_bytes(Path(path).read_bytes()).text
    except OSError as error:
        print(f"portlint: {path}: cannot read: {error.strerror or error}", file=err)
        return 2
    except DecodeError as error:
        print(f"portlint: {path}: {error.message}", file=err)
        return 2
    if Path(path).suffix.lower() in (".ts", ".mts", ".cts", ".js", ".mjs", ".cjs"):
        from portlint.typescript.schema_command import typescript_schema

        return typescript_schema(path, text, tool, out, err)
    analysis = analyze(text, Path(path), _FRAMEWORKS[framework], with_models=True)
    if analysis.syntax_error is not None:
        print(f"portlint: {path}: {analysis.syntax_error[1]}", file=err)
        return 2
    tools: list[dict[str, Any]] = []
    for declared in analysis.tools:
        if tool is not None and declared.name != tool:
            continue
        entry: dict[str, Any] = {"name": declared.name}
        if declared.description is not None:
            entry["description"] = declared.description
        if declared.unknown:
            entry["unknown"] = "; ".join(u.reason for u in declared.unknown)
        if declared.input_schema is not None:
            entry["inputSchema"] = declared.input_schema
        if declared.output_schema is not None:
            entry["outputSchema"] = declared.output_schema
        tools.append(entry)
    if tool is not None and not tools:
        print(f"portlint: {path}: no tool named {tool!r}", file=err)
        return 2
    models = {name: ({"unknown": value.reason} if isinstance(value, Exception) else value)
              for name, value in analysis.models.items()}
    document: dict[str, Any] = {"tools": tools, "models": models if tool is None else {}}
    if analysis.framework is not None:
        document["framework"] = analysis.framework
    out.write(json.dumps(document, indent=2, ensure_ascii=False) + "\n")
    return 0


FRAMEWORK_CHOICES = tuple(_FRAMEWORKS)
