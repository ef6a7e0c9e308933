"""A schema object with no constraining keyword: it accepts any value.

## What it does

Reports an object schema that carries none of the keywords that constrain a value — the object
spelling of `true`. The test is an allowlist, not a denylist of annotations: JSON Schema ignores
keywords it does not know, so `{"vendorHint": true}` accepts every value, and a denylist would
pass it. Constraining keywords are:

- assertions: `type`, `enum`, `const`, the numeric, string, array and object bounds
  (`minimum` ... `maxProperties`), `pattern`, `required`, `dependentRequired`, `uniqueItems`;
- `format` and the content keywords (`contentMediaType`, `contentEncoding`, `contentSchema`) —
  annotations in 2020-12, but a schema that declares one is plainly trying to constrain, and
  calling it "accepts any value" would be noise;
- applicators: `allOf`, `anyOf`, `oneOf`, `not`, `properties`, `patternProperties`,
  `additionalProperties`, `propertyNames`, `items`, `prefixItems`, `contains`,
  `dependentSchemas`, `dependencies`, `additionalItems`, `unevaluatedItems`,
  `unevaluatedProperties`;
- references: `$ref`, `$dynamicRef`, `$recursiveRef`;
- `if`, but only together with `then` or `else` (alone, `if` asserts nothing, and `then`/`else`
  are ignored without it).

So `{"properties": {...}}` without a `type` is left alone (it constrains objects), while a
`$defs`-only schema, `{"description": "..."}` and `{}` are reported.

Paths listed in the `allow-untyped` setting are left alone: a project may mean some values to be
free-form. It never fires on a schema directly under `not`, where an always-accepting schema means
"reject everything" and is exactly right (`{"not": {}}` is the portable spelling of `false`).
That exemption is not inherited: a schema nested deeper inside the `not` is checked normally.

## Why it matters

An untyped value tells the model nothing, and several clients cannot represent it at all: they
skip the tool, refuse the request, or turn the value into a string the server never expected.

## Clients affected

- Observed: Codex CLI 0.111.0 guessed `"type": "string"` and Gemini CLI core 0.7.0 skipped the
  whole tool ("missing types in its parameter schema"); Codex 0.171.0 and Gemini CLI core 0.8.2
  and later hand it on unchanged, and the MCP SDKs and Claude Code accept it. Name those
  releases as targets (`codex@0.111.0`, `gemini-cli-core@0.7.0`) to have it reported.
- OpenAI strict mode refuses it ("Schema or sub-schema is empty") — openai/openai-java
  `JsonSchemaValidator.kt` @ 24964646 (documented, not reproduced here).
- Anthropic's strict helper throws ("JSON schema must have a type defined") —
  anthropics/anthropic-sdk-typescript `src/lib/transform-json-schema.ts` @ 2a2978fc.

## Example

```json
{"properties": {"payload": {"description": "Anything the webhook sent"}}}
```

## Fix safety

Display-only advice. The only equivalent rewrite of `{}` is `true`, which `boolean-schema`
reports; declaring a type — `{"type": "string"}`, or `{"type": "object", "additionalProperties":
true}` for a free-form object — is a deliberate change of contract, so it is left to the author.
"""

from __future__ import annotations

from collections.abc import Iterator

from portlint.fixes.ops import FixPlan
from portlint.model import Severity
from portlint.rules.base import FixAvailability, RangeOn, Report, RootContext, Rule

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

CONSTRAINING_KEYWORDS = frozenset((
    # assertions
    "type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum",
    "exclusiveMinimum", "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems",
    "maxContains", "minContains", "maxProperties", "minProperties", "required",
    "dependentRequired",
    # annotation-shaped keywords that plainly try to constrain (see the module docs)
    "format", "contentMediaType", "contentEncoding", "contentSchema",
    # applicators
    "allOf", "anyOf", "oneOf", "not", "properties", "patternProperties", "additionalProperties",
    "propertyNames", "items", "prefixItems", "contains", "dependentSchemas", "dependencies",
    "additionalItems", "unevaluatedItems", "unevaluatedProperties",
    # references
    "$ref", "$dynamicRef", "$recursiveRef",
))


def constrains(node: dict[str, Any]) -> bool:
    if not CONSTRAINING_KEYWORDS.isdisjoint(node):
        return True
    return "if" in node and ("then" in node or "else" in node)


def _why(node: dict[str, Any]) -> str:
    if not node:
        return "This schema is `{}`"
    if "if" in node:
        return "This schema's `if` has no `then` or `else`, so it constrains nothing"
    if "then" in node or "else" in node:
        return "This schema's `then`/`else` has no `if`, so it constrains nothing"
    shown = ", ".join(f"`{k}`" for k in list(node)[:4]) + (", ..." if len(node) > 4 else "")
    return (f"This schema's keywords ({shown}) are annotations or unknown to JSON Schema, and "
            "none of them constrains the value")


def check(ctx: RootContext) -> Iterator[Report]:
    constraining = CONSTRAINING_KEYWORDS
    for position in ctx.positions:
        node = position.value
        # most schemas carry a constraining keyword: that test comes first, inline
        if type(node) is not dict or not constraining.isdisjoint(node) or (
                position.keyword == "not" or constrains(node)):
            continue
        if ctx.allowed_untyped(position.path):
            continue
        yield (Report(
            position.path,
            f"{_why(node)}: it accepts any JSON value, like a bare `true`, and tells the model "
            "nothing about what to send.",
            "Declare what the value is — e.g. `{\"type\": \"string\"}`, or "
            "`{\"type\": \"object\", \"additionalProperties\": true}` for a free-form object. "
            "That is a deliberate change of contract: today any JSON value is accepted.",
            (FixPlan.advice("Declare the value's type (a change of contract)"),),
            range_on=RangeOn.KEY,
        ))


RULE = Rule(
    id="untyped-schema",
    severity=Severity.WARNING,
    fix=FixAvailability.DISPLAY_ONLY,
    doc=__doc__ or "",
    check=check,
)
