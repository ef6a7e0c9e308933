"""A bare `true` or `false` where clients expect a schema object.

## What it does

Reports a boolean schema — `true` (accept anything) or `false` (accept nothing) — in any subschema
position, with two exceptions where a boolean is the idiomatic spelling and every client takes it:

- the direct value of `additionalProperties`, `unevaluatedProperties`, `additionalItems` and
  `unevaluatedItems`;
- `items: false` in a schema that also has `prefixItems` (the 2020-12 way to close a tuple, the
  same as the exempt `additionalItems: false` of draft-07).

## Why it matters

Boolean schemas are valid JSON Schema, and generators emit them (Go's `jsonschema` package writes
`true` for an `interface{}` field). But the MCP TypeScript SDK 1.22 to 1.30 types each top-level
property of `inputSchema`/`outputSchema` as an object, so a client built on it refuses the whole
tool list with an opaque `Invalid input` — this is the Claude Code error quoted in
modelcontextprotocol/inspector#1005, at `["tools",7,"outputSchema","properties","data"]`. Deeper
positions pass that parser, but other clients rewrite or refuse the boolean there.

## Clients affected

- MCP TypeScript SDK 1.22.0–1.30.0 (Claude Code, and any client on that line): REFUSED-ALL at
  top-level `properties` — CLIENTS.md S1, [P] typescript-sdk tag 1.30.0 `src/types.ts`
  (`AssertObjectSchema`), [O] modelcontextprotocol/inspector#1005 — the Claude Code report of A3.
- MCP specification 2025-11-25: its TypeScript schema types `properties` values as `object`,
  which excludes booleans — S3 [P].
- OpenAI strict mode refuses boolean subschemas — O3 [P] openai-java `JsonSchemaValidator.kt`.
- OpenAI Agents SDK strict conversion fails (`Expected True to be a dictionary`) and silently falls
  back to non-strict — O5 [P] openai-agents-python `strict_schema.py`.
- Codex CLI rewrites a boolean to `{"type": "string"}` (narrowing) — O6 [P] codex
  `sanitize_json_schema`.
- LangChain with Gemini drops the property ("Value 'True' is not supported") — L2 [P].

## Example

```json
{"type": "object", "properties": {"data": true, "legacy": false}}
```

`data` accepts any value; `legacy` forbids the property. Write them as `{}` and `{"not": {}}`.

Reports carry a variant for the client profiles: `top-level-property` (a direct property of a
tool's input or output schema, where the MCP TypeScript SDK 1.22–1.30 refuses it) or `nested`.

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
        variant = "top-level-property" if top_level_property(ctx, position) else "nested"
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
        "A bare `true` stands where a schema object is expected. It accepts any value and is "
        "valid JSON Schema, but clients that type every schema as an object cannot take it.",
        "Write `{}` for the same contract (it is still untyped: `untyped-schema` will ask what the "
        "value is). Better, declare what the value actually is — e.g. "
        '`{"type": "object", "additionalProperties": true}` for a free-form object; that is a '
        "deliberate change of contract, since `true` accepts any JSON value at all.",
        tuple(fixes),
    )


def _report_false(path: tuple[str | int, ...], keyword: str | None) -> Report:
    suggestion = 'Write `{"not": {}}` instead: it rejects exactly the same values.'
    if keyword in ("properties", "patternProperties"):
        suggestion += (" Do not delete the entry: an absent property is allowed, a `false` one is "
                       "forbidden.")
    return Report(
        path,
        "A bare `false` stands where a schema object is expected. It rejects every value and is "
        "valid JSON Schema, but clients that type every schema as an object cannot take it.",
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
    variants=("top-level-property", "nested"),
    triggers=Triggers(facts=frozenset((Fact.BOOLEAN_SCHEMA,))),
)
