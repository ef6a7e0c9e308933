"""A bare `true` or `false` where clients expect a schema object.

## What it does

Reports a boolean schema — `true` (accept anything) or `false` (accept nothing) — in any subschema
position, with two exceptions where a boolean is the idiomatic spelling and every client takes it:

- the direct value of `additionalProperties`, `unevaluatedProperties`, `additionalItems` and
  `unevaluatedItems`;
- `items: false` in a schema that also has `prefixItems` (the 2020-12 way to close a tuple, the
  same as the exempt `additionalItems: false` of draft-07).

(`boolean-closure` reports a boolean `additionalProperties` and the closed tuple for the
converters observed to raise on them.)

## Why it matters

Boolean schemas are valid JSON Schema, and generators emit them (Go's `jsonschema` package writes
`true` for an `interface{}` field). But the MCP TypeScript SDK 1.22.0 and later types each
top-level property of `inputSchema`/`outputSchema` as an object: the whole `tools/list` result
fails to parse with an opaque `Invalid input`, and every tool of the server is lost — the error
reported against Claude Code in modelcontextprotocol/inspector#1005, at
`["tools",7,"outputSchema","properties","data"]`. Deeper positions pass that parser, but other
clients rewrite the boolean there.

## Clients affected

- Observed: the MCP TypeScript SDK 1.22.0–1.32.2 (1.21 accepts it) and Gemini CLI core, which
  runs it, lose the whole tool list for a top-level property; so did the MCP Python SDK 2.0.0 and
  2.0.1 (fixed in 2.1.0; modelcontextprotocol/python-sdk#3353). The TypeScript v2 client and
  Claude Code 2.1.332 accept it, in both protocol eras.
- Observed: Codex CLI 0.111.0–0.171.0 hands the model `{"type": "string"}` in its place, at any
  depth of an input schema.
- OpenAI strict mode refuses boolean subschemas — openai/openai-java `JsonSchemaValidator.kt` @
  24964646 (documented, not reproduced here).
- A boolean at the root of a schema is left to input-root-not-object and output-root-not-object,
  which report it for the clients that refuse it.

## Example

```json
{"type": "object", "properties": {"data": true, "legacy": false}}
```

`data` accepts any value; `legacy` forbids the property. Write them as `{}` and `{"not": {}}`.

Reports carry a variant for the client profiles: `top-level-property` (a direct property of a
tool's input or output schema, where the MCP TypeScript SDK 1.22.0 and later refuses it),
`nested-property` (a property of a nested object), `branch` (a branch of `anyOf`, `oneOf` or
`allOf`), `under-not` (the direct value of `not`), `nested` (anywhere else below the root: `items`,
`$defs`, …), or `root` (the whole schema is a boolean). Converters differ by position: some raise
on a boolean property or branch and take `items: true` or `not: true`.

## Fix safety

- `false` → `{"not": {}}` is **safe** everywhere: both reject every value. Deleting the entry
  instead would be wrong — under the default `additionalProperties` an absent property is allowed,
  a `false` one is forbidden.
- `true` → `{}` is **safe**: both accept every value. `{}` is still untyped, so `untyped-schema`
  then asks what the value is — except directly under `not`, where `{}` is the recommended exact
  rewrite (`not: {}` rejects everything) and declaring a concrete type would instead make the
  parent accept values it now rejects.
- Elsewhere a second, **unsafe** fix declares a free-form object,
  `{"type": "object", "additionalProperties": true}`: a deliberate change of contract (values that
  are not objects become invalid), titled as such. It is not offered under `not`, `if` or
  `propertyNames`, where a concrete type does not mean what it seems.
"""

from __future__ import annotations

from collections.abc import Iterator

from portlint.fixes.ops import FixPlan, ReplaceValue
from portlint.model import Applicability, Severity
from portlint.rules.base import Fact, FixAvailability, Report, RootContext, Rule, Triggers
from portlint.rules.helpers import top_level_property

EXEMPT_KEYWORDS = frozenset(
    ("additionalProperties", "unevaluatedProperties", "additionalItems", "unevaluatedItems"))
_PROPERTY_KEYWORDS = frozenset(("properties", "patternProperties"))
_BRANCH_KEYWORDS = frozenset(("anyOf", "oneOf", "allOf"))
_NO_TYPE_ADVICE = frozenset(("not", "if", "propertyNames"))
FREE_FORM_OBJECT = {"type": "object", "additionalProperties": True}


def check(ctx: RootContext) -> Iterator[Report]:
    for position in ctx.booleans:
        value = position.value
        keyword = position.keyword
        if keyword in EXEMPT_KEYWORDS:
            continue
        if keyword == "items" and position.parent is not None and "prefixItems" in position.parent:
            continue
        if position.path == ctx.root.path:
            variant = "root"
        elif top_level_property(ctx, position):
            variant = "top-level-property"
        elif keyword == "not":
            variant = "under-not"
        elif keyword in _PROPERTY_KEYWORDS:
            variant = "nested-property"
        elif keyword in _BRANCH_KEYWORDS:
            variant = "branch"
        else:
            variant = "nested"
        report = (_report_true(position.path, keyword) if value
                  else _report_false(position.path, keyword))
        yield report._replace(variant=variant)


def _report_true(path: tuple[str | int, ...], keyword: str | None) -> Report:
    exact = FixPlan("Replace `true` with `{}` (same contract)", Applicability.SAFE,
                    (ReplaceValue(path, {}),))
    if keyword == "not":
        return Report(
            path,
            "A bare `true` stands where a schema object is expected; under `not` it makes the "
            "parent reject every value.",
            "Write `{}` instead: it is the exact object spelling, and under `not` it is the right "
            "one — declaring a concrete type here would make the parent accept values it now "
            "rejects.",
            (exact,),
        )
    fixes = [exact]
    if keyword not in _NO_TYPE_ADVICE:
        fixes.append(FixPlan(
            "Declare a free-form object instead of `true` (changes the contract: values that are "
            "not objects become invalid)", Applicability.UNSAFE,
            (ReplaceValue(path, FREE_FORM_OBJECT),)))
    return Report(
        path,
        "A bare `true` stands where a schema object is expected (it accepts any value).",
        "Write `{}` for the same contract (it is still untyped). Better, declare what the value "
        'actually is — e.g. `{"type": "object", "additionalProperties": true}` for a free-form '
        "object; that is a deliberate change of contract, since `true` accepts any JSON value at "
        "all.",
        tuple(fixes),
    )


def _report_false(path: tuple[str | int, ...], keyword: str | None) -> Report:
    suggestion = 'Write `{"not": {}}` instead: it rejects exactly the same values.'
    if keyword in ("properties", "patternProperties"):
        suggestion += (" Do not delete the entry: an absent property is allowed, a `false` one is "
                       "forbidden.")
    return Report(
        path,
        "A bare `false` stands where a schema object is expected (it rejects every value).",
        suggestion,
        (FixPlan('Replace `false` with `{"not": {}}` (same contract)', Applicability.SAFE,
                 (ReplaceValue(path, {"not": {}}),)),),
    )


RULE = Rule(
    id="boolean-schema",
    severity=Severity.ERROR,
    fix=FixAvailability.SAFE_AND_UNSAFE,
    doc=__doc__ or "",
    check=check,
    variants=("top-level-property", "nested-property", "branch", "under-not", "nested", "root"),
    triggers=Triggers(facts=frozenset((Fact.BOOLEAN_SCHEMA,))),
)
