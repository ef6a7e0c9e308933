"""A tool list as a document: ``portlint snapshot`` writes it, ``check`` and the editor lint it.

The document is a ``tools/list`` result, ``{"tools": [...]}``, one tool per entry in the order the
server listed them (the order clients count in when an error names ``tools[7]``). It is written
the same way every time the server says the same thing: each tool's own keys in a fixed order
(``name``, ``title``, ``description``, ``inputSchema``, ``outputSchema``, ``annotations``, then
the rest alphabetically), every key below them sorted, two-space indentation, UTF-8, a final
newline. Sorting changes nothing a JSON Schema means; it makes a snapshot's diff show what the
server changed, not the order a map happened to be written in.

The live check lints this very text, so the positions it reports are those of the file
``portlint snapshot`` writes.
"""

from __future__ import annotations

import json
from typing import Any

TOOL_KEY_ORDER = ("name", "title", "description", "inputSchema", "outputSchema", "annotations",
                  "execution", "icons", "_meta")


def canonical_tool(tool: Any) -> Any:
    """A tool with its keys in the snapshot's order (a non-object is kept as it is)."""
    if not isinstance(tool, dict):
        return _sorted(tool)
    first = [key for key in TOOL_KEY_ORDER if key in tool]
    rest = sorted(key for key in tool if key not in TOOL_KEY_ORDER)
    return {key: _sorted(tool[key]) for key in (*first, *rest)}


def _sorted(value: Any) -> Any:
    # iterative would be safer for hostile depth; a tool list that deep has already been
    # refused by the JSON decoder of the transport, whose limit is the same recursion limit
    if isinstance(value, dict):
        return {key: _sorted(value[key]) for key in sorted(value)}
    if isinstance(value, list):
        return [_sorted(item) for item in value]
    return value


def snapshot_value(tools: list[Any]) -> dict[str, Any]:
    return {"tools": [canonical_tool(tool) for tool in tools]}


def render_snapshot(tools: list[Any]) -> str:
    """The snapshot document's text."""
    return json.dumps(snapshot_value(tools), indent=2, ensure_ascii=False) + "\n"
