"""A tool name that clients refuse, drop or rewrite.

## What it does

Reports, for each tool of a tool list:

- a tool without a name, or whose name is not a string (variant `missing`);
- an empty name (variant `empty`);
- a name an earlier tool of the same MCP tool list already has (variant `duplicate`, at the
  later tool's name);
- a name with characters outside letters, digits, `_` and `-`: spaces, dots, slashes, colons,
  accented letters (variant `characters`).

## Why it matters

The model calls a tool by name. The MCP clients' parsers refuse a tool list in which a tool has
no string name, and some drop a tool whose name is empty. Two tools with one name cannot both be
called: clients keep one of them, and some refuse the list or the conversion outright. Clients
rewrite names with other characters to `_`, so the name the model sees differs from the one the
server registered, and two tools can collapse into one name.

## Clients affected

The finding names the clients of the selected targets whose observations show each case, with
the releases and the scope (the whole tool list, this tool); the evidence section below and
`docs/clients.md` hold the verbatim errors. Observed:

- no name, or a name that is not a string: every MCP SDK loses the whole tool list, and so does
  every client built on one (Claude Code, Codex CLI, Gemini CLI core, the Agents and Gen AI
  SDKs, the LangChain and LlamaIndex adapters);
- an empty name: Gemini CLI core drops the tool;
- a duplicate name: Claude Code and Codex CLI drop the later tool, Gemini CLI core 0.7.0–0.8.2
  loses the whole list, and the Google Gen AI SDKs' MCP conversions raise (every tool lost);
  the MCP SDKs hand both on;
- other characters: Claude Code 2.1.332 and Codex CLI hand the model the name with such
  characters as `_` (`get.weather` becomes `get_weather`); the MCP SDKs accept it.
- VS Code's MCP client rewrites characters outside `[a-z0-9_-]` to `_` — microsoft/vscode
  `mcpServer.ts` @ 0052d689 (`_normalizeTool`; documented). Whether that match ignores case was
  not verified, so portlint leaves upper-case letters alone.
- Cursor is reported not to send tools whose server-plus-tool name exceeds 60 characters
  (third-party sources only; not checked by this rule).

Duplicates are looked for among the MCP tools of one list (tools declaring `inputSchema` or
`outputSchema`); function declarations of other APIs are left alone.

## Example

```json
{"tools": [{"name": "files.read file", "inputSchema": {"type": "object"}},
           {"name": "search", "inputSchema": {"type": "object"}},
           {"name": "search", "inputSchema": {"type": "object"}}]}
```

## Fix safety

No automatic fix: renaming a tool changes what clients call, which the server must follow.
"""

from __future__ import annotations

import re

from portlint.fixes.ops import FixPlan
from portlint.model import Severity
from portlint.paths import display_path
from portlint.rules.base import FixAvailability, Report, RootContext, Rule

_REWRITTEN = re.compile(r"[^A-Za-z0-9_-]")
_MCP_MEMBERS = frozenset(("inputSchema", "outputSchema"))


def _has_name(ctx: RootContext) -> bool:
    """Whether the tool object has a `name` member at all (of a type that is not a string)."""
    owner = ctx.root.owner
    return isinstance(owner, dict) and "name" in owner


def check(ctx: RootContext) -> list[Report]:
    reports: list[Report] = []
    tool = ctx.root.tool
    if tool is None:  # given once per tool (``once_per_tool``)
        return reports
    name_path = (*tool.path, "name") if ctx.root.path[len(tool.path)] != "function" else (
        *tool.path, "function", "name")
    if tool.name is None or tool.name == "":
        if not tool.path or tool.name_unread:
            # a lone schema document is a tool only when it has a name; a name a reader could
            # not read from code is not the tool's missing name
            return reports
        what = ("an empty `name`" if tool.name == "" else
                "a `name` that is not a string" if _has_name(ctx) else "no `name`")
        reports.append(Report(
            tool.path, f"The tool has {what}; MCP requires a non-empty string.",
            "Give the tool a unique name of letters, digits, `_` and `-`.",
            (FixPlan.advice("Name the tool"),), range_path=name_path,
            variant="empty" if tool.name == "" else "missing"))
        return reports
    if tool.duplicate_of is not None and ctx.root.path[len(tool.path)] in _MCP_MEMBERS:
        earlier = display_path(tool.duplicate_of) or "an earlier tool"
        reports.append(Report(
            name_path, f"The tool name `{tool.name}` is also the name of {earlier} in the same "
            "list; a client can call only one of them.",
            "Give each tool of the list its own name.",
            (FixPlan.advice("Rename one of the tools"),), variant="duplicate"))
    if _REWRITTEN.search(tool.name) is None:  # the common case: nothing to rewrite
        return reports
    bad = sorted(set(_REWRITTEN.findall(tool.name)))
    shown = " ".join(repr(c) for c in bad[:5])
    suggested = _REWRITTEN.sub("_", tool.name)
    reports.append(Report(
        name_path,
        f"The tool name `{tool.name}` contains {shown}; clients rewrite such characters, so the "
        f"model may see `{suggested}` instead.",
        f"Rename the tool with letters, digits, `_` and `-` only, e.g. `{suggested}`.",
        (FixPlan.advice("Rename the tool"),), variant="characters"))
    return reports


RULE = Rule(
    id="tool-name",
    severity=Severity.WARNING,
    fix=FixAvailability.DISPLAY_ONLY,
    doc=__doc__ or "",
    check=check,
    variants=("characters", "missing", "empty", "duplicate"),
    once_per_tool=True,
)
