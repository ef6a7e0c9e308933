"""A boolean `additionalProperties`, or a tuple closed with `items: false`, in an input schema.

## What it does

Reports the two places where a boolean is the idiomatic spelling and `boolean-schema` therefore
stays quiet: the direct value of `additionalProperties` (`true` or `false`, at any depth) and
`items: false` beside `prefixItems` (the 2020-12 way to close a tuple). The keyword is the
variant: `additionalProperties` or `items`. It speaks only for the clients observed to fail on
them, so it is quiet under the default targets; `unevaluatedProperties`, `additionalItems` and
`unevaluatedItems` are not reported (no client was seen to fail on them).

## Why it matters

Every MCP SDK and most converters take `additionalProperties: false` — Pydantic writes it for a
model with `extra="forbid"`, zod for `.strict()`. But converters that turn a tool's JSON Schema
into their own schema type read each subschema as an object, and a boolean there makes the
conversion raise. When the converter handles the session's whole tool list at once, one such
tool loses every tool of the server.

## Clients affected

Observed (each client run on a tool with the construct beside a clean sibling; releases and
verbatim errors in `docs/clients.md`):

- The Google Gen AI SDK for Python (google-genai 3.6.1, its MCP session support) raises on a
  boolean `additionalProperties` — `true` or `false`, at the root or nested — and on
  `items: false` in an input schema, and loses the whole tool list. Output schemas are not
  converted and stay quiet.
- LlamaIndex's `McpToolSpec` (llama-index-tools-mcp 0.6.0) raises on `items: false` beside
  `prefixItems` while building its argument model, losing the whole tool list; it takes
  `additionalProperties` either way.

## Example

```json
{"type": "object", "properties": {"q": {"type": "string"}}, "additionalProperties": false}
```

## Fix safety

No automatic fix. `additionalProperties: {"not": {}}` has the same contract, but no converter
was observed with it, so it is not offered as a cure. Leaving the keyword out keeps the tool
listed for these converters and widens what the model may send (the server still validates the
arguments it receives): a change of contract the author decides on.
"""

from __future__ import annotations

from portlint.fixes.ops import FixPlan
from portlint.model import Severity
from portlint.rules.base import Fact, FixAvailability, Report, RootContext, Rule, Triggers


def check(ctx: RootContext) -> list[Report]:
    reports: list[Report] = []
    for position in ctx.booleans:
        keyword, parent = position.keyword, position.parent
        if keyword == "additionalProperties":
            meaning = "admits" if position.value else "forbids"
            reports.append(Report(
                position.path,
                f"A boolean `additionalProperties` ({meaning} keys beyond `properties`): some "
                "converters read every subschema as an object and raise on it.",
                "For those converters, leave `additionalProperties` out (the server still "
                "checks the arguments it receives) — a widening of what the model may send.",
                (FixPlan.advice("Leave out additionalProperties"),),
                variant="additionalProperties"))
        elif (keyword == "items" and position.value is False and parent is not None
              and "prefixItems" in parent):
            reports.append(Report(
                position.path,
                "`items: false` closes this tuple (no items beyond `prefixItems`): some "
                "converters read every subschema as an object and raise on it.",
                "For those converters, leave `items` out and bound the tuple with `maxItems` "
                "equal to the number of `prefixItems` — the same contract.",
                (FixPlan.advice("Bound the tuple with maxItems instead"),),
                variant="items"))
    return reports


RULE = Rule(
    id="boolean-closure",
    severity=Severity.WARNING,
    fix=FixAvailability.DISPLAY_ONLY,
    doc=__doc__ or "",
    check=check,
    variants=("additionalProperties", "items"),
    triggers=Triggers(facts=frozenset((Fact.BOOLEAN_SCHEMA,))),
    roles=frozenset(("input", "bare")),
)
