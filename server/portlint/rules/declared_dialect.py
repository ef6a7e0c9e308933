"""A `$schema` declared inside a tool's schema.

## What it does

Reports `$schema` in a tool's input or output schema (a bare schema document may declare its
dialect; a tool schema travels inside a `tools/list` result whose dialect MCP fixes as 2020-12).
The variant names the schema's role and the dialect declared — `input:2020-12`,
`output:draft-07`, `output:other` — because clients react differently to each.

## Why it matters

Declaring the dialect looks harmless, and generators add it by default. But VS Code validates input
schemas with a draft-07 validator that refuses the 2020-12 meta-schema outright and omits the tool;
clients on the MCP TypeScript SDK v2 fail calls to a tool whose output schema declares a dialect
other than 2020-12 (draft-07 and draft-06 for a month in mid-2026, anything else still); and
Gemini refuses `$schema` as an unknown field.

## Clients affected

- VS Code core MCP: a declared 2020-12 `$schema` yields `The schema uses meta-schema features
  ($dynamicRef) that are not yet supported by the validator` and the tool is omitted — C9 [P]
  microsoft/vscode `mcpServer.ts` @ 0052d689; [O] microsoft/vscode-json-languageservice#323.
- MCP TypeScript SDK v2 clients, Claude Code among them: `Tool 'X' has an invalid outputSchema:
  JSON Schema declares an unsupported dialect` at call time — for draft-07/06 between 2026-06-26
  and 2026-07-27, for draft-04, draft-03 and custom URIs still — S8 [P] typescript-sdk
  `validators/dialects.ts`; [O] anthropics/claude-code#88882 (Claude Code, A3).
- Gemini API `parameters`: `Unknown name "$schema"` refuses the request — G1 [O]
  openswarm-ai/openswarm#24.

## Example

```json
{"name": "read", "inputSchema": {"$schema": "https://json-schema.org/draft/2020-12/schema",
                                  "type": "object", "properties": {"path": {"type": "string"}}}}
```

## Fix safety

Removing `$schema` makes the schema 2020-12, MCP's default. That is **safe** for a declared 2020-12
(or 2019-09) schema, and for an older draft when the schema uses no keyword whose meaning changed
since: the array form of `items`, `additionalItems`, `dependencies`, a `$ref` with sibling keywords
(ignored before 2019-09, applied now), `$recursiveRef`, and draft-04's `id` and boolean
`exclusiveMinimum`/`exclusiveMaximum`. When one is present, or the dialect is not a known draft,
no fix is offered and the message says which keyword stands in the way.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from portlint.fixes.ops import FixPlan, RemoveMember
from portlint.model import Applicability, Severity
from portlint.rules.base import FixAvailability, Report, RootContext, Rule, Triggers
from portlint.walk import Position

_DIALECTS = (
    ("draft/2020-12", "2020-12"), ("draft/2019-09", "2019-09"), ("draft-07", "draft-07"),
    ("draft-06", "draft-06"), ("draft-04", "draft-04"), ("draft-03", "draft-03"),
)
_UNCHANGED = frozenset(("2020-12", "2019-09"))


def dialect_of(uri: Any) -> str:
    if isinstance(uri, str) and "json-schema.org" in uri:
        for needle, name in _DIALECTS:
            if needle in uri:
                return name
    return "other"


def _changed_meaning(positions: list[Position]) -> str | None:
    """The first keyword whose meaning differs between older drafts and 2020-12."""
    for position in positions:
        node = position.value
        if type(node) is not dict:
            continue
        if isinstance(node.get("items"), list):
            return "the array form of `items`"
        for keyword in ("additionalItems", "dependencies", "$recursiveRef", "id"):
            if keyword in node:
                return f"`{keyword}`"
        if "$ref" in node and len(node) > 1:
            return "a `$ref` with sibling keywords"
        for keyword in ("exclusiveMinimum", "exclusiveMaximum"):
            if isinstance(node.get(keyword), bool):
                return f"a boolean `{keyword}`"
    return None


def check(ctx: RootContext) -> Iterator[Report]:
    root = ctx.root
    if root.role == "bare":
        return
    changed: list[str | None] = []  # the schema's first changed keyword, looked for once
    for position in ctx.having("$schema"):
        uri = position.value["$schema"]
        dialect = dialect_of(uri)
        schema_path = (*position.path, "$schema")
        if dialect in _UNCHANGED:
            blocker = None
        elif dialect == "other":
            blocker = "an unknown dialect"
        else:
            if not changed:
                changed.append(_changed_meaning(ctx.positions))
            blocker = changed[0]
        fixes: tuple[FixPlan, ...] = ()
        if blocker is None:
            fixes = (FixPlan("Remove `$schema`: MCP reads tool schemas as 2020-12 (same "
                             "contract)", Applicability.SAFE, (RemoveMember(schema_path),)),)
            suggestion = ("Remove `$schema`; MCP already reads the schema as JSON Schema "
                          "2020-12, so nothing else changes.")
        else:
            suggestion = (f"Remove `$schema` once the schema is written as 2020-12: it uses "
                          f"{blocker}, whose meaning differs from 2020-12, so removing the "
                          "declaration alone would change the contract.")
        shown = uri if isinstance(uri, str) else repr(uri)
        yield (Report(
            position.path,
            f"The tool's schema declares its dialect (`$schema`: {shown}); clients read tool "
            "schemas in the dialect MCP fixes, and some refuse or choke on the declaration.",
            suggestion, fixes, range_path=schema_path,
            variant=f"{root.role}:{dialect}"))


RULE = Rule(
    id="declared-dialect",
    severity=Severity.WARNING,
    fix=FixAvailability.SAFE,
    doc=__doc__ or "",
    check=check,
    variants=tuple(f"{role}:{name}" for role in ("input", "output")
                   for name in (*(d for _, d in _DIALECTS), "other")),
    triggers=Triggers(keywords=frozenset(("$schema",))),
)
