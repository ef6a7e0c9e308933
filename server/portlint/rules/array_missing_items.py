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

- OpenAI function calling, strict or not, refuses the whole request (`400 Invalid schema for
  function 'X': In context=('properties', 'paths'), array schema missing items.`) — user reports
  sigoden/aichat#1049, digitalocean-labs/mcp-digitalocean#265 (documented, not reproduced here).
- VS Code Copilot Chat fails every chat request while the tool is enabled (`tool parameters array
  type must have items`) — microsoft/vscode-copilot-chat `toolSchemaNormalizer.ts` @ 1700547f;
  microsoft/vscode-copilot-release#7462. Copilot checks only the string form `"type": "array"`
  and not inside `$defs` or `prefixItems`; OpenAI's refusal covers the property path generally,
  so portlint checks every position.
- Codex CLI 0.111.0–0.171.0 hands the model `"items": {"type": "string"}` — observed, a narrowing.
- OpenAI strict mode refuses it — openai/openai-java `JsonSchemaValidator.kt` @ 24964646.

## Example

```json
{"properties": {"paths": {"type": "array", "description": "Files to read"}}}
```

## Fix safety

**Safe**: `"items": {}` accepts exactly the arrays an absent `items` accepts (2020-12), and it
satisfies both checks above. **Unsafe** where the schema has `unevaluatedItems` anywhere: `items`
marks every item evaluated, so `"unevaluatedItems": false` beside it (or around it) would refuse
none of them. The items are still untyped — `untyped-schema` then asks what they
are, Gemini CLI skips a tool with such a node and Codex coerces `{}` — so the better fix is a
concrete item schema, a deliberate narrowing left to the author.
"""

from __future__ import annotations

from collections.abc import Iterator

from portlint.fixes.ops import FixPlan, InsertMember
from portlint.model import Applicability, Severity
from portlint.rules.base import Fact, FixAvailability, Report, RootContext, Rule, Triggers


def check(ctx: RootContext) -> Iterator[Report]:
    # `items` evaluates every item, so where the schema has `unevaluatedItems` (here, in an
    # enclosing schema or one that applies beside it) adding it admits what was refused
    counted = bool(ctx.having("unevaluatedItems"))
    for position in ctx.declaring("array"):
        node = position.value
        if "items" in node or "prefixItems" in node:
            continue
        fix = FixPlan("Add `\"items\": {}` (same contract; the items stay untyped)",
                      Applicability.SAFE, (InsertMember(position.path, "items", {}),))
        if counted:
            fix = FixPlan("Add `\"items\": {}` (changes the contract: every item then counts as "
                          "evaluated, so `unevaluatedItems` refuses none)",
                          Applicability.UNSAFE, fix.ops)
        yield (Report(
            position.path,
            "This array schema has neither `items` nor `prefixItems`, so its items may be "
            "anything.",
            ("Declare what an item is, e.g. `\"items\": {\"type\": \"string\"}`, and write "
             "again what `unevaluatedItems` refused: with `items`, every item counts as "
             "evaluated." if counted else
             "Add `\"items\": {}` for the same contract (the items stay untyped), or better, "
             "declare what an item is, e.g. `\"items\": {\"type\": \"string\"}` — a "
             "deliberate narrowing."),
            (fix,),
            range_path=(*position.path, "type"), variant=ctx.root.role))


RULE = Rule(
    id="array-missing-items",
    severity=Severity.ERROR,
    fix=FixAvailability.SAFE_AND_UNSAFE,
    doc=__doc__ or "",
    check=check,
    variants=("input", "output", "bare"),
    triggers=Triggers(facts=frozenset((Fact.DECLARES_ARRAY,))),
)
