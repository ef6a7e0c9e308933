"""Optional properties, which OpenAI strict mode does not allow.

## What it does

Reports an object schema whose `properties` names a property that `required` does not list. One
finding per object, naming every optional property. On in the opt-in `openai-strict` profile.

## Why it matters

Optional parameters are ordinary JSON Schema and ordinary tool design. OpenAI strict mode has no
optional properties: every property must be listed in `required`, and "optional" is spelled as a
nullable type. The API refuses the schema otherwise, and the OpenAI Agents SDK's strict conversion
makes every property required without adding `null` — so an optional parameter silently becomes
mandatory.

## Clients affected

- OpenAI strict mode: `'properties' field 'x' is not listed as 'required'` — openai/openai-java
  `JsonSchemaValidator.kt` @ 24964646 (documented, not reproduced here).
- OpenAI Agents SDK `ensure_strict_json_schema` (with `convert_schemas_to_strict=True`) rewrites
  `required` to every property, without adding `null` (narrowing) —
  openai/openai-agents-python `src/agents/strict_schema.py` @ 7f7a44f8.

## Example

```json
{"type": "object", "properties": {"query": {"type": "string"}, "limit": {"type": "integer"}},
 "required": ["query"]}
```

## Fix safety

The usual advice — "list everything in `required` and make the optional ones nullable" — is
**not** the same contract: an absent property is not a `null` one, so a call that omits `limit`
becomes invalid and a call with `"limit": null` becomes valid. It is offered as an **unsafe** fix
whose title says so, and the server must then treat `null` as "not given". A property is made
nullable by adding `"null"` to its `type` (and `null` to its `enum`), or, when it has no plain
`type`, by wrapping it as `{"anyOf": [<schema>, {"type": "null"}]}`.
"""

from __future__ import annotations

from collections.abc import Iterator

from portlint.fixes.ops import EditOp, FixPlan, InsertMember, ReplaceValue
from portlint.model import Applicability, Severity
from portlint.rules.base import FixAvailability, Report, RootContext, Rule, Triggers
from portlint.source.located import Path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def check(ctx: RootContext) -> Iterator[Report]:
    for position in ctx.having("properties"):
        node = position.value
        properties = node["properties"]
        if not isinstance(properties, dict) or not properties:
            continue
        required = node.get("required")
        # names only: a malformed entry (an object, a list) names nothing, and cannot be hashed
        listed = {n for n in required if isinstance(n, str)} if isinstance(required, list) else (
            set())
        optional = [name for name in properties if name not in listed]
        if not optional or (required is not None and not isinstance(required, list)):
            continue
        path = position.path
        names = ", ".join(f"`{n}`" for n in optional)
        plural = "properties" if len(optional) > 1 else "property"
        ops: list[EditOp] = []
        everything = [*([n for n in required if isinstance(n, str)]
                        if isinstance(required, list) else []), *optional]
        if isinstance(required, list):
            ops.append(ReplaceValue((*path, "required"), everything))
        else:
            ops.append(InsertMember(path, "required", everything))
        for name in optional:
            ops.extend(_nullable((*path, "properties", name), properties[name]))
        yield Report(
            path,
            f"OpenAI strict mode has no optional properties, and this object leaves the "
            f"{plural} {names} out of `required`.",
            "List every property in `required` and spell \"optional\" as nullable — but that is "
            "a different contract (absent is not `null`): the server must then read `null` as "
            "\"not given\".",
            (FixPlan("Make every property required and the optional ones nullable (changes the "
                     "contract: absent is not null)", Applicability.UNSAFE, tuple(ops)),),
            range_path=(*path, "required") if "required" in node else (*path, "properties"))


# Keywords that could still reject `null` after `"null"` joins the type.
_APPLICATORS = frozenset(("const", "allOf", "anyOf", "oneOf", "not", "if", "$ref", "$dynamicRef"))


def _nullable(path: Path, schema: Any) -> list[EditOp]:
    """The edits that let ``schema`` also accept ``null``."""
    if not isinstance(schema, dict):
        return [ReplaceValue(path, {"anyOf": [schema, {"type": "null"}]})]
    declared = schema.get("type")
    if not _APPLICATORS.isdisjoint(schema) or (
            declared is not None and not isinstance(declared, (str, list))):
        return [ReplaceValue(path, {"anyOf": [schema, {"type": "null"}]})]
    ops: list[EditOp] = []
    if isinstance(declared, str):
        if declared != "null":
            ops.append(ReplaceValue((*path, "type"), [declared, "null"]))
    elif isinstance(declared, list):
        if "null" not in declared:
            ops.append(ReplaceValue((*path, "type"), [*declared, "null"]))
    else:
        return [ReplaceValue(path, {"anyOf": [schema, {"type": "null"}]})]
    enum = schema.get("enum")
    if isinstance(enum, list) and None not in enum:
        ops.append(ReplaceValue((*path, "enum"), [*enum, None]))
    return ops


RULE = Rule(
    id="strict-required",
    severity=Severity.ERROR,
    fix=FixAvailability.UNSAFE,
    doc=__doc__ or "",
    check=check,
    triggers=Triggers(keywords=frozenset(("properties",))),
)
