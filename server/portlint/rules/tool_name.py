"""A tool name with characters clients rewrite.

## What it does

Reports a tool whose name contains characters outside letters, digits, `_` and `-`: spaces, dots,
slashes, colons, accented letters.

## Why it matters

The model calls a tool by name. VS Code rewrites names with other characters to `_`, so the name the
model sees differs from the one the server registered, and two tools can collapse into one name.

## Clients affected

- VS Code core MCP: tool names with characters outside `[a-z0-9_-]` are rewritten to `_` — C9 [P]
  microsoft/vscode `mcpServer.ts` @ 0052d689 (`_normalizeTool`). CLIENTS.md records the class in
  lower case; whether the match ignores case was not verified, so portlint reports only characters
  that are outside the class either way and leaves upper-case letters alone.
- Cursor is reported not to send tools whose server-plus-tool name exceeds 60 characters — U4 [S]
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
    if tool is None or tool.name is None:  # given once per tool (``once_per_tool``)
        return reports
    if _REWRITTEN.search(tool.name) is None:  # the common case: nothing to rewrite
        return reports
    bad = sorted(set(_REWRITTEN.findall(tool.name)))
    name_path = (*tool.path, "name") if ctx.root.path[len(tool.path)] != "function" else (
        *tool.path, "function", "name")
    shown = " ".join(repr(c) for c in bad[:5])
    suggested = _REWRITTEN.sub("_", tool.name)
    reports.append(Report(
        name_path,
        f"The tool name `{tool.name}` contains {shown}; clients rewrite such characters, so the "
        f"model may see `{suggested}` instead.",
        f"Rename the tool with letters, digits, `_` and `-` only, e.g. `{suggested}`.",
        (FixPlan.advice("Rename the tool"),)))
    return reports


RULE = Rule(
    id="tool-name",
    severity=Severity.WARNING,
    fix=FixAvailability.DISPLAY_ONLY,
    doc=__doc__ or "",
    check=check,
    once_per_tool=True,
)
