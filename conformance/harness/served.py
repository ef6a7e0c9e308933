"""What the fake MCP server says for a case: the script both fake servers (the Node one on
stdio or in memory, the Python one in memory) answer from.

The tools are served exactly as the case holds them. Each tool call returns a text block; the
subject also returns the case's ``structuredContent`` (its text block is that value as JSON, as
the specification recommends) and ``isError`` when the case sets it.
"""

from __future__ import annotations

import json
from typing import Any

from conformance.harness.cases import SIBLING, SUBJECT, Case

LEGACY_VERSIONS = ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25")
MODERN_VERSION = "2026-07-28"
SERVER_INFO = {"name": "portlint-conformance", "version": "1.0.0"}


def call_result(case: Case, name: str) -> dict[str, Any]:
    if name != SUBJECT:
        return {"content": [{"type": "text", "text": "ok"}]}
    has_structured, structured = case.structured_content()
    result: dict[str, Any] = {"content": [{"type": "text", "text": "ok"}]}
    if has_structured:
        result["content"] = [{"type": "text", "text": json.dumps(structured)}]
        result["structuredContent"] = structured
    if case.call.get("isError"):
        result["isError"] = True
    return result


def script(case: Case, *, modern: bool, log: str | None = None) -> dict[str, Any]:
    names = {tool["name"] for tool in case.tools
             if isinstance(tool, dict) and isinstance(tool.get("name"), str)}
    return {
        "tools": case.tools,
        "calls": {name: call_result(case, name) for name in sorted(names)},
        "legacy_versions": list(LEGACY_VERSIONS),
        "modern_versions": [MODERN_VERSION] if modern else [],
        "server_info": SERVER_INFO,
        "log": log,
    }


def calls(case: Case) -> list[dict[str, Any]]:
    """The calls a runner makes, in order, to whichever of these tools the client listed."""
    names = []
    for tool in case.tools:
        name = tool.get("name") if isinstance(tool, dict) else None
        if isinstance(name, str) and name not in names:
            names.append(name)
    made = []
    for name in names:
        if name == SIBLING:
            arguments: dict[str, Any] = {"q": "x"}
        else:
            arguments = dict(case.call.get("arguments", {}))
        made.append({"name": name, "arguments": arguments})
    return made
