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
import math
from typing import Any, NamedTuple

from portlint.paths import display_path
from portlint.report.escape import visible

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
    """The snapshot document's text: JSON, never a ``NaN`` or ``Infinity`` (a ValueError)."""
    return json.dumps(snapshot_value(tools), indent=2, ensure_ascii=False,
                      allow_nan=False) + "\n"


class NonJsonNumber(NamedTuple):
    """A number a server sent that JSON has no way to write: ``NaN``, ``Infinity``,
    ``-Infinity`` (Python's decoder reads them; JavaScript's ``JSON.parse`` refuses the whole
    message)."""

    position: int  # of the tool in the list
    tool: str | None  # its name, when it has a string one
    path: tuple[str | int, ...]  # from the tool
    value: float

    def describe(self) -> str:
        written = "NaN" if math.isnan(self.value) else (
            "Infinity" if self.value > 0 else "-Infinity")
        named = (f'tool "{visible(self.tool)}" (`tools[{self.position}]`)'
                 if self.tool is not None else f"`tools[{self.position}]`")
        where = f" at `{visible(display_path(self.path))}`" if self.path else ""
        return f"`{written}` in {named}{where}"


def non_json_number(tools: list[Any], first: int = 0) -> NonJsonNumber | None:
    """The first ``NaN``/``Infinity`` in the tools, in document order (``first``: the index of
    ``tools[0]`` in the whole list); None when every number is JSON."""
    for offset, tool in enumerate(tools):
        found = _non_finite(tool)
        if found is not None:
            name = tool.get("name") if isinstance(tool, dict) else None
            return NonJsonNumber(first + offset, name if isinstance(name, str) else None,
                                 *found)
    return None


_Link = tuple[Any, "_Link | None", str | int | None]  # (a node, the one holding it, the step)


def _non_finite(value: Any) -> tuple[tuple[str | int, ...], float] | None:
    """The first non-finite float below ``value`` and its path (iterative: any depth; each
    node links to the one holding it, and the path is spelled out for the one found only)."""
    stack: list[_Link] = [(value, None, None)]
    while stack:
        link = stack.pop()
        node = link[0]
        if isinstance(node, float) and not math.isfinite(node):
            path: list[str | int] = []
            while link[1] is not None:
                path.append(link[2])  # type: ignore[arg-type]  # set below the top
                link = link[1]
            return tuple(reversed(path)), node
        if isinstance(node, dict):
            stack.extend((node[key], link, key) for key in reversed(list(node)))
        elif isinstance(node, list):
            stack.extend((node[i], link, i) for i in reversed(range(len(node))))
    return None
