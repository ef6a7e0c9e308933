"""A tool's output schema whose root is not `"type": "object"`.

## What it does

Reports a tool's `outputSchema` whose root does not declare exactly `"type": "object"`: another
type (an array of results is the common case), a type array, no `type`, a root `$ref`, a bare
boolean, or not a schema object. A `type` that is not JSON Schema at all (`"dict"`) is left to
`invalid-schema`.

## Why it matters

Protocol revision 2025-11-25 says the output schema is "currently restricted to type: object at the
root level", and the parsers built on it enforce that: the whole `tools/list` result fails to parse,
and a client loses every tool of the server, not just this one. Revision 2026-07-28 (SEP-2106)
lifts the restriction, so the rule follows the targeted protocol revision: `--target
mcp@2026-07-28` turns it off.

## Clients affected

- MCP TypeScript SDK 1.x and the 2025-11-25 wire parser of SDK v2: `tools/list` fails with
  `invalid_literal … ["tools",N,"outputSchema","type"] … expected "object"` — S4 [P]
  typescript-sdk tag 1.30.0 `src/types.ts`; [O] Wynelson94/longhand#9 (Claude Code lost 12 of 19
  tools), anthropics/claude-code#10825.
- Claude Code, on that wire parser — A3 [O], via S4.

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
from portlint.rules.helpers import object_root_report

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
    roles=frozenset(("output",)),
)
