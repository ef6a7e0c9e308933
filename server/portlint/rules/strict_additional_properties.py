"""An object schema that OpenAI strict mode would refuse for lacking `additionalProperties: false`.

## What it does

Reports an object schema (`"type": "object"`, or `properties` without a `type`) with no
`additionalProperties` keyword. On in the opt-in `openai-strict` profile. (An
`additionalProperties` that is present but not `false` is an open map: `open-map` reports it.)

## Why it matters

JSON Schema allows unknown keys unless told otherwise, and that is the right default for most
tools. OpenAI Structured Outputs and strict function calling require every object to be closed
explicitly; the request is refused otherwise. The OpenAI Agents SDK's strict conversion raises on
it and silently serves the tool non-strict instead.

## Clients affected

- OpenAI strict mode: `'additionalProperties' field is missing or is not set to 'false'` — O3 [P]
  openai/openai-java `JsonSchemaValidator.kt` @ 24964646 (the SDK's pre-validator encodes the API
  rule).
- OpenAI Agents SDK `ensure_strict_json_schema`: raises, and the tool is served non-strict — O5 [P]
  openai/openai-agents-python `src/agents/strict_schema.py` @ 7f7a44f8.
- The Anthropic strict helper forces `additionalProperties: false` (narrowing) — A4 [P].

## Example

```json
{"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
```

## Fix safety

- When the object already forbids unknown keys with `unevaluatedProperties: false` and nothing
  beside it can evaluate properties (no `allOf`/`anyOf`/`oneOf`/`not`/`if`, `$ref`,
  `$dynamicRef` or `dependentSchemas`), renaming it to `additionalProperties` is **safe**: both
  then reject exactly the keys not named in `properties` or matched by `patternProperties`.
- Otherwise adding `"additionalProperties": false` is **unsafe**: it narrows the contract, since
  keys the schema accepted today are refused. The fix title says so.
"""

from __future__ import annotations

from collections.abc import Iterator

from portlint.fixes.ops import FixPlan, InsertMember, RenameKey
from portlint.model import Applicability, Severity
from portlint.rules.base import FixAvailability, Report, RootContext, Rule
from portlint.rules.helpers import describes_objects

_EVALUATES_PROPERTIES = frozenset(
    ("allOf", "anyOf", "oneOf", "not", "if", "$ref", "$dynamicRef", "dependentSchemas"))


def check(ctx: RootContext) -> Iterator[Report]:
    for position in ctx.objects:
        node = position.value
        if "additionalProperties" in node or not describes_objects(node):
            continue
        path = position.path
        anchor = "type" if "type" in node else "properties"
        if node.get("unevaluatedProperties") is False and _EVALUATES_PROPERTIES.isdisjoint(node):
            fix = FixPlan("Rename `unevaluatedProperties` to `additionalProperties` (same "
                          "contract)", Applicability.SAFE,
                          (RenameKey((*path, "unevaluatedProperties"), "additionalProperties"),))
            suggestion = ("Here `unevaluatedProperties: false` already closes the object; spell "
                          "it `additionalProperties: false`, which means the same.")
        else:
            fix = FixPlan("Add `\"additionalProperties\": false` (narrows the contract: unknown "
                          "keys become invalid)", Applicability.UNSAFE,
                          (InsertMember(path, "additionalProperties", False),))
            suggestion = ("Add `\"additionalProperties\": false` if callers never send other "
                          "keys; it narrows the contract, so the server must be ready to be "
                          "strict too.")
        yield Report(path,
                     "This object does not say `\"additionalProperties\": false`; OpenAI strict "
                     "mode requires every object to be closed.",
                     suggestion, (fix,), range_path=(*path, anchor))


RULE = Rule(
    id="strict-additional-properties",
    severity=Severity.ERROR,
    fix=FixAvailability.SAFE_AND_UNSAFE,
    doc=__doc__ or "",
    check=check,
)
