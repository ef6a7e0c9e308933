"""An advertised property without `type`, `enum`, `anyOf` or `$ref` (opt-in).

## What it does

Off by default; `require-typed-properties = true` (or selecting the rule) switches it on. Then
every property a tool advertises — each entry of a `properties` map, at any depth of its input or
output schema — must carry `type`, `enum`, `anyOf` or `$ref`. Paths listed in `allow-untyped`
(`inputSchema.properties.metadata`, or `tool:path`, with `*` wildcards) are exempt: some fields
are meant to be free-form.

It is stricter than `untyped-schema`, which accepts any constraining keyword: here
`{"minimum": 0}` or `{"description": "..."}` is reported too, because the model is never told
what kind of value to send.

## Why it matters

A field described only in prose leaves the model guessing its type. The framework decision this
rule comes from (the 003_ seed, ADR 0044) records an agent calling a tool sixteen times in ninety
seconds, each time sending `"1"` where a number was required: the schema said nothing but a
description. The check belongs in the consuming project, where the contracts live.

## Clients affected

Every model-facing client passes the property on as it is; the failure is the model's guess.
Where clients rewrite untyped nodes the damage is worse: Gemini CLI skips the tool (G8 [P]
gemini-cli `hasValidTypes`), Codex, LangChain-Gemini and older LlamaIndex turn the value into a
string (O6 [P], L2 [P], L3 [P]).

## Example

```json
{"properties": {"count": {"description": "How many", "minimum": 0}}}
```

## Fix safety

Display-only advice: declaring the type is the author's decision, and usually a narrowing of the
contract (today any value of any kind is accepted).
"""

from __future__ import annotations

from collections.abc import Iterator

from portlint.fixes.ops import FixPlan
from portlint.model import Severity
from portlint.rules.base import FixAvailability, RangeOn, Report, RootContext, Rule

TYPING_KEYWORDS = ("type", "enum", "anyOf", "$ref")


def check(ctx: RootContext) -> Iterator[Report]:
    for position in ctx.positions:
        node = position.value
        if position.keyword != "properties" or type(node) is not dict:
            continue
        if any(keyword in node for keyword in TYPING_KEYWORDS):
            continue
        if ctx.allowed_untyped(position.path):
            continue
        name = position.path[-1]
        yield Report(
            position.path,
            f"The property `{name}` declares no `type`, `enum`, `anyOf` or `$ref`, so the model is "
            "not told what kind of value to send (this project requires typed properties).",
            "Declare its type, e.g. `\"type\": \"integer\"`; or list the path in `allow-untyped` "
            "if it is meant to be free-form.",
            (FixPlan.advice("Declare the property's type"),),
            range_on=RangeOn.KEY,
        )


RULE = Rule(
    id="untyped-property",
    severity=Severity.WARNING,
    fix=FixAvailability.DISPLAY_ONLY,
    doc=__doc__ or "",
    check=check,
    opt_in=lambda settings: settings.require_typed_properties,
    universal=True,
)
