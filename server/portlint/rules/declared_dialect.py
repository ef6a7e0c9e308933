"""A `$schema` declared inside a tool's schema.

## What it does

Reports `$schema` in a tool's input or output schema (a bare schema document may declare its
dialect; a tool schema travels inside a `tools/list` result whose dialect MCP fixes as 2020-12).
The variant names the schema's role and the dialect declared — `input:2020-12`,
`output:draft-07`, `output:other` — because clients react differently to each.

## Why it matters

Declaring the dialect looks harmless, and generators add it by default (zod-to-json-schema writes
draft-07). But the MCP TypeScript v2 client fails every call to a tool whose output schema
declares a dialect its validator does not support, VS Code validates input schemas with a
draft-07 validator that refuses the 2020-12 meta-schema and omits the tool, and Gemini refuses
`$schema` as an unknown field.

## Clients affected

- Observed: the MCP TypeScript v2 client 2.0.0–2.4.0 fails every call for an output schema
  declaring draft-04, draft-03 or an unknown dialect (`JSON Schema declares an unsupported
  dialect … supports JSON Schema 2020-12, 2019-09, draft-07, and draft-06`), in both protocol
  eras; 2020-12, 2019-09, draft-07 and draft-06 pass. Claude Code 2.1.332 fails the call for
  draft-03 and unknown dialects when it speaks 2026-07-28. The TypeScript SDK 1.x and the
  Python SDK accept every dialect.
- Claude Desktop was reported in 2026-08/09 to fail every call for a draft-07 output schema with
  the v2 validator's older, 2020-12-only message (modelcontextprotocol/ext-apps#765,
  cyanheads/git-mcp-server#57, ankimcp/anki-mcp-server-addon#75; the check came with
  modelcontextprotocol/typescript-sdk #2286 and was relaxed by #2534). Documented, not
  reproduced here, and held at warning.
- VS Code's MCP client omits a tool whose input schema declares 2020-12 (`The schema uses
  meta-schema features ($dynamicRef) that are not yet supported by the validator`) —
  microsoft/vscode `mcpServer.ts` @ 0052d689; microsoft/vscode-json-languageservice#323.
- Gemini API `parameters` refuses `$schema` as an unknown field — openswarm-ai/openswarm#24.

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

from collections.abc import Iterator, Mapping

from portlint.fixes.ops import FixPlan, RemoveMember
from portlint.model import Applicability, Severity
from portlint.rules.base import FixAvailability, Report, RootContext, Rule, Triggers
from portlint.walk import Position

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

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


# the keywords one of which a schema must carry for its meaning to differ between older drafts
# and 2020-12 (read off the checks below)
_CHANGING = frozenset(("items", "additionalItems", "dependencies", "$recursiveRef", "id", "$ref",
                       "exclusiveMinimum", "exclusiveMaximum"))


def _changed_meaning(positions: list[Position], keywords: Mapping[str, list[Position]]
                     ) -> str | None:
    """The first keyword whose meaning differs between older drafts and 2020-12.
    ``keywords``: the walk's keyword index of ``positions`` — a schema that carries none of
    the keywords concerned is answered without looking at its positions."""
    if _CHANGING.isdisjoint(keywords):
        return None
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
                changed.append(_changed_meaning(ctx.positions, ctx.keywords))
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
            f"The tool's schema declares its dialect (`$schema`: {shown}); MCP reads tool "
            "schemas as 2020-12 whatever they declare.",
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
