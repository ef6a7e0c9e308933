"""A keyword outside what OpenAI strict mode allows where it stands.

## What it does

Reports each keyword that OpenAI strict mode does not allow in its position. What a subschema may
carry depends on what it is — exactly one of `type`, `anyOf` or `$ref` decides:

- with `anyOf`, or with `$ref`: `title`, `description`;
- `"type": "object"`: `properties`, `required`, `additionalProperties`, `title`, `description`;
- `"type": "array"`: `items`, `minItems`, `maxItems`, `title`, `description`;
- `"type": "string"`: `enum`, `const`, `pattern`, `format`, `title`, `description`;
- `"type": "number"` or `"integer"`: `enum`, `const`, `minimum`, `exclusiveMinimum`, `maximum`,
  `exclusiveMaximum`, `multipleOf`, `title`, `description`;
- `"type": "boolean"` or `"null"`: `enum`, `const`, `title`, `description`.

`$schema`, `$id` and `$defs` are allowed at the root only; a type array `[T, "null"]` counts as
`T`. On in the opt-in `openai-strict` profile. Keywords other rules of that profile report are
left to them: `oneOf` (`oneof-exclusivity`), `patternProperties`/`propertyNames` (`open-map`),
a root `allOf`/`anyOf` (`root-combinator`), and a subschema with none of `type`/`anyOf`/`$ref`
(`untyped-schema`).

## Why it matters

Strict mode accepts only a subset of JSON Schema, and the subset is narrower than most generators
assume: `default`, `examples`, `minLength`, `uniqueItems`, `allOf`, `not`, `if`… are all refused,
and the whole request fails.

## Clients affected

- OpenAI Structured Outputs and strict function calling: refused with a 400 such as
  `In context=('properties','data'), 'oneOf' is not permitted.` — openai/openai-java
  `JsonSchemaValidator.kt` @ 24964646 (the per-type keyword sets above, `Use of 'x' is not
  supported here.`); ai-dynamo/dynamo#15153. Documented, not reproduced here.
- The Anthropic strict helper moves unsupported keywords into `description` as text (widening) —
  anthropics/anthropic-sdk-typescript `src/lib/transform-json-schema.ts` @ 2a2978fc.

## Example

```json
{"type": "string", "minLength": 1, "default": "main"}
```

## Fix safety

- Removing a keyword is **safe** when it cannot change which instances are valid: an annotation
  (`default`, `examples`, `$comment`, `deprecated`, `readOnly`, `writeOnly`, `format`,
  `contentMediaType`, `contentEncoding`), an unknown keyword no `$ref` points into, or a keyword
  that only constrains another type than the one declared (`minLength` on an integer).
- Removing a simple constraint (`minLength`, `maxLength`, `uniqueItems`, `minProperties`,
  `maxProperties`, `dependentRequired`, `contains` and its bounds) is **unsafe**: it widens the
  contract, and the server must check the constraint itself. The title says so.
- Applicators (`allOf`, `not`, `if`/`then`/`else`, `prefixItems`, `dependentSchemas`,
  `unevaluated*`) get no fix: removing them discards structure the author meant.
"""

from __future__ import annotations

from collections.abc import Iterator

from portlint.fixes.ops import FixPlan, RemoveMember
from portlint.model import Applicability, Severity
from portlint.rules.base import FixAvailability, RangeOn, Report, RootContext, Rule
from portlint.rules.helpers import TYPE_NAMES, well_formed_type

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_COMMON = frozenset(("title", "description"))
_ALLOWED_BY_KIND: dict[str, frozenset[str]] = {
    "anyOf": _COMMON | {"anyOf"},
    "$ref": _COMMON | {"$ref"},
    "object": _COMMON | {"type", "properties", "required", "additionalProperties"},
    "array": _COMMON | {"type", "items", "minItems", "maxItems"},
    "string": _COMMON | {"type", "enum", "const", "pattern", "format"},
    "number": _COMMON | {"type", "enum", "const", "minimum", "exclusiveMinimum", "maximum",
                         "exclusiveMaximum", "multipleOf"},
    "boolean": _COMMON | {"type", "enum", "const"},
}
_ALLOWED_BY_KIND["integer"] = _ALLOWED_BY_KIND["number"]
_ALLOWED_BY_KIND["null"] = _ALLOWED_BY_KIND["boolean"]
_ANY_KIND = frozenset().union(*_ALLOWED_BY_KIND.values())
_ROOT_ONLY = frozenset(("$schema", "$id", "$defs"))
_LEFT_TO_OTHER_RULES = frozenset(("oneOf", "patternProperties", "propertyNames"))
_ROOT_COMBINATORS = frozenset(("allOf", "anyOf", "oneOf"))

ANNOTATIONS = frozenset(("default", "examples", "$comment", "deprecated", "readOnly", "writeOnly",
                         "format", "contentMediaType", "contentEncoding"))
_SIMPLE_CONSTRAINTS = frozenset((
    "minLength", "maxLength", "uniqueItems", "minProperties", "maxProperties",
    "dependentRequired", "contains", "minContains", "maxContains"))
_KNOWN = frozenset((
    "$schema", "$id", "$ref", "$defs", "definitions", "$anchor", "$dynamicRef", "$dynamicAnchor",
    "$vocabulary", "$recursiveRef", "$recursiveAnchor", "allOf", "anyOf", "oneOf", "not", "if",
    "then", "else", "dependentSchemas", "dependencies", "prefixItems", "items", "additionalItems",
    "contains", "properties", "patternProperties", "additionalProperties", "propertyNames",
    "unevaluatedItems", "unevaluatedProperties", "type", "enum", "const", "multipleOf", "maximum",
    "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern",
    "maxItems", "minItems", "uniqueItems", "maxContains", "minContains", "maxProperties",
    "minProperties", "required", "dependentRequired", "contentSchema", "title", "description",
    *ANNOTATIONS))
# Keywords that only constrain instances of one type.
_APPLIES_TO: dict[str, str] = {
    **dict.fromkeys(("minLength", "maxLength", "pattern"), "string"),
    **dict.fromkeys(("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"),
                    "number"),
    **dict.fromkeys(("items", "prefixItems", "additionalItems", "minItems", "maxItems",
                     "uniqueItems", "contains", "minContains", "maxContains", "unevaluatedItems"),
                    "array"),
    **dict.fromkeys(("properties", "required", "additionalProperties", "patternProperties",
                     "propertyNames", "minProperties", "maxProperties", "dependentRequired",
                     "dependentSchemas", "unevaluatedProperties"), "object"),
}


def _kind(node: dict[str, Any]) -> str | None:
    if "anyOf" in node:
        return "anyOf"
    if "$ref" in node:
        return "$ref"
    declared = node.get("type")
    if isinstance(declared, str):
        return declared if declared in TYPE_NAMES else None
    if isinstance(declared, list) and well_formed_type(declared):
        named = [t for t in declared if t != "null"]
        if len(named) == 1:
            return str(named[0])
    return None


def _types(node: dict[str, Any]) -> set[str] | None:
    """The instance types a node admits, when its ``type`` says exactly (None when it does not)."""
    declared: Any = node.get("type")
    if not well_formed_type(declared):
        return None
    types = {declared} if isinstance(declared, str) else {str(t) for t in declared}
    if "integer" in types:
        types.add("number")  # an integer is a number to `minimum` and friends
    return types


def _where(keyword: str, kind: str | None) -> str:
    if kind is None:
        return "here"
    if kind in ("anyOf", "$ref"):
        return f"beside `{kind}`"
    article = "an" if kind[0] in "aeiou" else "a"
    return f"in {article} `{kind}` schema"


def check(ctx: RootContext) -> Iterator[Report]:
    refs: list[str] | None = None
    for position in ctx.objects:
        node = position.value
        kind = _kind(node)
        if kind is None and not ({"type", "anyOf", "$ref"} & node.keys()):
            # untyped: `untyped-schema` speaks; report only what is never allowed
            allowed = _ANY_KIND
        else:
            allowed = _ALLOWED_BY_KIND.get(kind or "", _ANY_KIND)
        is_root = position.is_root
        types = _types(node)
        for keyword in node:
            if keyword in allowed or keyword in _LEFT_TO_OTHER_RULES:
                continue
            if is_root and (keyword in _ROOT_ONLY or keyword in _ROOT_COMBINATORS):
                continue
            what = _where(keyword, kind)
            key_path = (*position.path, keyword)
            fix: FixPlan | None
            applies_to = _APPLIES_TO.get(keyword)
            if types is not None and applies_to is not None and applies_to not in types:
                fix = FixPlan(f"Remove `{keyword}` (same contract: it only constrains "
                              f"{applies_to}s)", Applicability.SAFE, (RemoveMember(key_path),))
            elif keyword in ANNOTATIONS:
                fix = FixPlan(f"Remove `{keyword}` (same contract: it is an annotation)",
                              Applicability.SAFE, (RemoveMember(key_path),))
            elif keyword not in _KNOWN:
                if refs is None:
                    refs = [p.value["$ref"] for p in ctx.having("$ref")
                            if isinstance(p.value["$ref"], str)]
                if any(f"/{keyword}" in ref for ref in refs):
                    fix = None
                else:
                    fix = FixPlan(f"Remove `{keyword}` (same contract: JSON Schema ignores "
                                  "unknown keywords)", Applicability.SAFE,
                                  (RemoveMember(key_path),))
            elif keyword in _SIMPLE_CONSTRAINTS:
                fix = FixPlan(f"Remove `{keyword}` (widens the contract: the server must check "
                              "it)", Applicability.UNSAFE, (RemoveMember(key_path),))
            else:
                fix = None
            advice = ("Remove it, or move the constraint into `description` for the model and "
                      "enforce it in the server.")
            yield Report(key_path,
                         f"OpenAI strict mode does not allow `{keyword}` {what}; the request "
                         "is refused.",
                         advice if fix is None or fix.applicability is Applicability.UNSAFE
                         else "Remove it: it does not change which values are valid.",
                         (fix,) if fix is not None else (
                             FixPlan.advice("Describe the constraint in `description` and "
                                            "enforce it in the server"),),
                         range_path=key_path, range_on=RangeOn.KEY)


RULE = Rule(
    id="strict-keyword",
    severity=Severity.ERROR,
    fix=FixAvailability.SAFE_UNSAFE_OR_ADVICE,
    doc=__doc__ or "",
    check=check,
)
