"""A tool name with characters clients rewrite.

## What it does

Reports a tool whose name contains characters outside letters, digits, `_` and `-`: spaces, dots,
slashes, colons, accented letters.

## Why it matters

The model calls a tool by name. Clients rewrite names with other characters to `_`, so the name
the model sees differs from the one the server registered, and two tools can collapse into one
name. A tool without a name is worse: the parsers refuse the whole list.

## Clients affected

- Observed: Claude Code 2.1.332 and Codex CLI hand the model the name with such characters as
  `_` (`get.weather` becomes `get_weather`); the MCP SDKs accept it.
- Observed: a tool without a name, or with a name that is not a string, loses the whole tool list
  in the MCP TypeScript SDK 1.x and v2 client, the Python SDK, Claude Code, Codex CLI and Gemini
  CLI core; Gemini CLI core drops a tool whose name is empty.
- VS Code's MCP client rewrites characters outside `[a-z0-9_-]` to `_` — microsoft/vscode
  `mcpServer.ts` @ 0052d689 (`_normalizeTool`; documented). Whether that match ignores case was
  not verified, so portlint leaves upper-case letters alone.
- Cursor is reported not to send tools whose server-plus-tool name exceeds 60 characters
  (third-party sources only; not checked by this rule).

## Example

```json
{"name": "files.read file", "inputSchema": {"type": "object"}}
```

## Fix safety

No automatic fix: renaming a tool changes what clients call, which the server must follow.
"""

from __future__ import annotations

import re

from portlint.fixes.ops import FixPlan
from portlint.model import Severity
from portlint.rules.base import FixAvailability, Report, RootContext, Rule

_REWRITTEN = re.compile(r"[^A-Za-z0-9_-]")


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
        what = "an empty name" if tool.name == "" else "no name (or a name that is not a string)"
        reports.append(Report(
            tool.path, f"The tool has {what}: clients call tools by name.",
            "Give the tool a unique name of letters, digits, `_` and `-`.",
            (FixPlan.advice("Name the tool"),), range_path=name_path,
            variant="empty" if tool.name == "" else "missing"))
        return reports
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
    variants=("characters", "missing", "empty"),
    once_per_tool=True,
)
