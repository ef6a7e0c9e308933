"""An MCP tool without an `inputSchema`.

## What it does

Reports a tool of an MCP tool list that has no `inputSchema` at all. Only where the tool is
evidently an MCP tool: it declares an `outputSchema` (an MCP-only member), or it sits in a
JSON-RPC `tools/list` result, or in a `tools` list where another tool declares `inputSchema`.
Function declarations of the OpenAI and Gemini APIs may omit their parameters, and a list whose
tools all lack a schema may not be a tool list at all: those stay quiet.

## Why it matters

`inputSchema` is required by every MCP revision — a tool without parameters still declares
`{"type": "object"}`. The clients' parsers check the whole `tools/list` result at once, so one
tool without it loses every tool of the server, the well-formed ones too. The MCP Inspector
never shows such a tool either: its own parser drops the list first.

## Clients affected

Observed (each client run on a tool list where one tool has no `inputSchema`, beside a clean
sibling; releases and verbatim errors in the evidence section below and in `docs/clients.md`):
the MCP TypeScript SDK 1.x, the TypeScript v2 client, the Python SDK (1.x and 2.x), Claude Code,
the Codex CLI and Gemini CLI core all lose the whole tool list.

## Example

```json
{"tools": [{"name": "ping", "description": "Is the server up?"},
           {"name": "search", "inputSchema": {"type": "object", "properties": {}}}]}
```

## Fix safety

An **unsafe** fix adds `"inputSchema": {"type": "object"}` (a tool without parameters). It is
marked unsafe because portlint cannot know whether the tool takes arguments the server reads
without declaring them; if it does, declare them instead.
"""

from __future__ import annotations

from collections.abc import Iterator

from portlint.fixes.ops import FixPlan, InsertMember
from portlint.model import Applicability, Severity
from portlint.rules.base import FixAvailability, RangeOn, Report, RootContext, Rule
from portlint.rules.helpers import value_at
from portlint.shapes import Shape, ToolRef
from portlint.source.located import Path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_MESSAGE = ("The tool has no `inputSchema`. MCP requires one (`{\"type\": \"object\"}` for a "
            "tool without parameters).")
_SUGGESTION = ("Add `\"inputSchema\": {\"type\": \"object\"}`, with the tool's parameters "
               "under `properties` if it takes any.")
_FOREIGN_KEYS = frozenset(("type", "function", "functionDeclarations"))


def report_for(tool: ToolRef, obj: dict[str, Any]) -> Report:
    name_path: Path = (*tool.path, "name")
    has_name = isinstance(obj.get("name"), str)
    return Report(
        tool.path, _MESSAGE, _SUGGESTION,
        (FixPlan("Add `\"inputSchema\": {\"type\": \"object\"}` (declares a tool without "
                 "parameters; if it reads arguments, declare them instead)",
                 Applicability.UNSAFE,
                 (InsertMember(tool.path, "inputSchema", {"type": "object"}),)),),
        range_path=name_path if has_name else None, range_on=RangeOn.VALUE)


def check(ctx: RootContext) -> list[Report]:
    """A tool whose first schema is its MCP `outputSchema` has no input schema: the input
    members come first in a tool's schemas."""
    root, tool = ctx.root, ctx.root.tool
    if tool is None or root.path != (*tool.path, "outputSchema"):
        return []
    report = report_for(tool, {"name": tool.name} if tool.name is not None else {})
    return [report]


def schemaless_tools(shape: Shape, value: Any) -> Iterator[tuple[ToolRef, dict[str, Any]]]:
    """The tools of a document that have no schema at all (so no rule sees them) and are
    evidently MCP tools without an `inputSchema`."""
    with_roots = {root.tool.path for root in shape.roots if root.tool is not None}
    mcp_lists = {root.tool.path[:-1] for root in shape.roots
                 if root.tool is not None and root.path[-1:] == ("inputSchema",)}
    for tool in shape.tools:
        if tool.path in with_roots or not tool.path:
            continue
        container = tool.path[:-1]
        if not (shape.kind == "jsonrpc" or (container[-1:] == ("tools",)
                                            and container in mcp_lists)):
            continue
        obj = value_at(value, tool.path)
        if isinstance(obj, dict) and _FOREIGN_KEYS.isdisjoint(obj):
            yield tool, obj


RULE = Rule(
    id="tool-missing-input-schema",
    severity=Severity.ERROR,
    fix=FixAvailability.UNSAFE,
    doc=__doc__ or "",
    check=check,
    roles=frozenset(("output",)),
    once_per_tool=True,
)
