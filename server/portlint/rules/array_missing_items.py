"""An array schema with neither `items` nor `prefixItems`.

## What it does

Reports a schema whose `type` is `"array"` — or a type array containing `"array"` — with
neither `items` nor `prefixItems`. Reports carry the schema's role as their variant (`input`,
`output`, `bare`): the refusals below concern the parameters a model is given.

## Why it matters

Without `items` an array accepts items of any kind, which JSON Schema allows. OpenAI refuses the
whole request for such a function, even outside strict mode, and VS Code Copilot fails every chat
request while the tool is enabled: one property can take a whole server out of use.

## Clients affected

- OpenAI Chat Completions and Responses function calling, strict or not: `400 Invalid schema for
  function 'X': In context=('properties', 'paths'), array schema missing items.` — O1 [O]
  sigoden/aichat#1049, digitalocean-labs/mcp-digitalocean#265 ("every prompt fails").
- VS Code Copilot Chat: `tool parameters array type must have items`, for every chat request —
  C1 [P] vscode-copilot-chat `toolSchemaNormalizer.ts`; [O] microsoft/vscode-copilot-release#7462.
  Copilot checks only the string form `"type": "array"` and not inside `$defs` or
  `prefixItems`; OpenAI's refusal covers the property path generally, so portlint checks every
  position.
- Codex turns the missing `items` into `{"type": "string"}` (narrowing) — O6 [P].
- OpenAI strict mode: `'items' field is missing or is not an object` — O3 [P] openai-java
  `JsonSchemaValidator.kt`.

## Example

```json
{"properties": {"paths": {"type": "array", "description": "Files to read"}}}
```

## Fix safety

**Safe**: `"items": {}` accepts exactly the arrays an absent `items` accepts (2020-12), and it
satisfies both checks above. The items are still untyped — `untyped-schema` then asks what they
are, Gemini CLI skips a tool with such a node and Codex coerces `{}` — so the better fix is a
concrete item schema, a deliberate narrowing left to the author.
"""

from __future__ import annotations

from collections.abc import Iterator

from portlint.fixes.ops import FixPlan, InsertMember
from portlint.model import Applicability, Severity
from portlint.rules.base import Fact, FixAvailability, Report, RootContext, Rule, Triggers


def check(ctx: RootContext) -> Iterator[Report]:
    for position in ctx.declaring("array"):
        node = position.value
        if "items" in node or "prefixItems" in node:
            continue
        yield (Report(
            position.path,
            "This array schema has neither `items` nor `prefixItems`, so its items may be "
            "anything; clients that require an item schema refuse it.",
            "Add `\"items\": {}` for the same contract (the items stay untyped), or better, "
            "declare what an item is, e.g. `\"items\": {\"type\": \"string\"}` — a deliberate "
            "narrowing.",
            (FixPlan("Add `\"items\": {}` (same contract; the items stay untyped)",
                     Applicability.SAFE, (InsertMember(position.path, "items", {}),)),),
            range_path=(*position.path, "type"), variant=ctx.root.role))


RULE = Rule(
    id="array-missing-items",
    severity=Severity.ERROR,
    fix=FixAvailability.SAFE,
    doc=__doc__ or "",
    check=check,
    variants=("input", "output", "bare"),
    triggers=Triggers(facts=frozenset((Fact.DECLARES_ARRAY,))),
)
