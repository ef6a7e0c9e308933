"""A tool's output schema whose root is not `"type": "object"`.

## What it does

Reports a tool's `outputSchema` whose root does not declare exactly `"type": "object"`: another
type (an array of results is the common case), a type array, no `type`, a root `$ref`, a bare
boolean, or not a schema object. A `type` that is not JSON Schema at all (`"dict"`) is left to
`invalid-schema`. The variant says which: `boolean`, `not-a-schema`, `type`, `type-array`,
`no-type`, `combinator` (a root combinator of objects without `type`) or `ref`.

## Why it matters

Protocol revision 2025-11-25 says the output schema is "currently restricted to type: object at the
root level", and the parsers built on it enforce that: the whole `tools/list` result fails to parse,
and a client loses every tool of the server, not just this one. Revision 2026-07-28 (SEP-2106)
lifts the restriction, so the rule follows the targeted protocol revision: under `--target
mcp@2026-07-28` only a root that is no schema at all (`true`, `false`, `null`) is still lost.

## Clients affected

- Observed, protocol 2025-11-25: the MCP TypeScript SDK 1.x, the TypeScript v2 client and the
  Python SDK 2.0.0–2.3.0 lose the whole tool list for any root that is not `"type": "object"`; the
  Python SDK 1.30.0 lists an array or string root and fails the call; Claude Code 2.1.332 lists it
  and fails the call when the tool returns the array or string; Gemini CLI core loses the list.
- Observed, protocol 2026-07-28: the v2 client, the Python SDK and Claude Code accept any root
  that is a schema object; `true` and `false` still lose the whole list everywhere (Codex CLI too),
  and `null` in the TypeScript clients and Claude Code.
- The restriction is typed in modelcontextprotocol/typescript-sdk tag 1.30.0 `src/types.ts`;
  user reports: Wynelson94/longhand#9 (12 of 19 tools lost), anthropics/claude-code#10825.

## Example

```json
{"name": "list_files", "inputSchema": {"type": "object"},
 "outputSchema": {"type": "array", "items": {"type": "string"}}}
```

## Fix safety

When the root is a combinator that already requires an object (every `oneOf`/`anyOf` branch, or
one `allOf` branch, declares `"type": "object"`), adding `"type": "object"` beside it is **safe**.
Otherwise there is no automatic fix: wrapping the result in an object (`{"items": [...]}`) changes
the shape of every structured result the tool returns, which the server must change too.
"""

from __future__ import annotations

from portlint.model import Severity
from portlint.rules.base import FixAvailability, Report, RootContext, Rule
from portlint.rules.helpers import ROOT_VARIANTS, object_root_report

_ADVICE = ("Return an object: wrap the value in a property, e.g. `{\"type\": \"object\", "
           "\"properties\": {\"items\": ...}}` — a change of the result's shape, which the "
           "server's structured content must follow.")


def check(ctx: RootContext) -> list[Report]:
    # given output roots only (the rule declares its role)
    report = object_root_report(ctx.root.path, ctx.root.value, "output", "", _ADVICE)
    return [report] if report is not None else []


RULE = Rule(
    id="output-root-not-object",
    severity=Severity.ERROR,
    fix=FixAvailability.SAFE,
    doc=__doc__ or "",
    check=check,
    variants=ROOT_VARIANTS,
    roles=frozenset(("output",)),
)
