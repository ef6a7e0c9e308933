"""An open map: `additionalProperties` as a schema or `true`, `patternProperties`, `propertyNames`.

## What it does

Reports an object schema that admits keys beyond its `properties`: `additionalProperties` set to a
schema or to `true`, `patternProperties`, or `propertyNames`. The keyword is the variant. On in
the `gemini` and `openai-strict` profiles.

## Why it matters

`dict[str, int]` and free-form metadata are common, and `additionalProperties` says exactly that.
But Gemini's `parameters` schema does not know the keyword and refuses the request, and OpenAI
strict mode requires every object to be closed (`additionalProperties: false`).

## Clients affected

- Gemini API `parameters`: `Unknown name "additionalProperties" at '…parameters…': Cannot find
  field.` (also for `propertyNames`) — G1 [O] nanbingxyz/5ire#42, openswarm-ai/openswarm#24.
  Gemini's `parametersJsonSchema` documents `additionalProperties` support — G6 [P].
- OpenAI strict mode: `'additionalProperties' field is missing or is not set to 'false'` — O3 [P]
  openai-java `JsonSchemaValidator.kt`; the Agents SDK then serves the tool non-strict — O5 [P].
- The Anthropic strict helper forces it to `false`, rejecting keys the author allowed — A4 [P].

## Example

```json
{"properties": {"labels": {"type": "object", "additionalProperties": {"type": "string"}}}}
```

## Fix safety

No automatic fix: neither Gemini's `parameters` subset nor OpenAI strict mode can express an open
map. Use Gemini's `parametersJsonSchema`, or model the map as an array of `{key, value}` objects
(a change of contract).
"""

from __future__ import annotations

from collections.abc import Iterator

from portlint.fixes.ops import FixPlan
from portlint.model import Severity
from portlint.rules.base import FixAvailability, Report, RootContext, Rule, Triggers


def check(ctx: RootContext) -> Iterator[Report]:
    for position in ctx.objects:
        node = position.value
        for keyword in ("additionalProperties", "patternProperties", "propertyNames"):
            if keyword not in node:
                continue
            value = node[keyword]
            if keyword == "additionalProperties" and value is False:
                continue
            yield Report(position.path,
                         f"This object is an open map (`{keyword}`): it admits keys beyond its "
                         "`properties`, which some clients cannot express.",
                         "For Gemini, pass the schema as `parametersJsonSchema`, which supports "
                         "`additionalProperties`; otherwise model the map as an array of "
                         "`{\"key\", \"value\"}` objects — a change of contract.",
                         (FixPlan.advice("Use parametersJsonSchema, or a list of key/value "
                                         "pairs"),),
                         range_path=(*position.path, keyword), variant=keyword)
            break


RULE = Rule(
    id="open-map",
    severity=Severity.WARNING,
    fix=FixAvailability.DISPLAY_ONLY,
    doc=__doc__ or "",
    check=check,
    variants=("additionalProperties", "patternProperties", "propertyNames"),
    triggers=Triggers(keywords=frozenset(("additionalProperties", "patternProperties",
                                          "propertyNames"))),
)
