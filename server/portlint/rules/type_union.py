"""`type` written as an array of type names.

## What it does

Reports `"type": [...]` when the array is a legal type union: non-empty, every member one of the
seven JSON Schema type names (`null`, `boolean`, `object`, `array`, `number`, `string`,
`integer`), no member twice. Malformed arrays — `[]`, `[3]`, `["bananas"]`, duplicates — stay
quiet: this rule's message asserts the construct is valid JSON Schema, which would be false for
them, and reporting them is a validator's job.

## Why it matters

The array form is valid JSON Schema, and `["string", "null"]` is the common way to write a nullable
value. Several clients cannot read it: some refuse the request or the server, others silently keep
one of the types.

## Clients affected

- Observed: Gemini CLI core 0.61.0 rewrites `[T, "null"]` as `"type": T, "nullable": true`
  (the same contract, for its reader); Codex CLI 0.111.0 kept a single type of the array
  (0.171.0 hands it on unchanged); the MCP SDKs and Claude Code accept it.
- Gemini API `parameters` refuses the request (`Proto field is not repeating, cannot start
  list`) — zed-industries/zed#53919, hideya/langchain-mcp-tools-ts#46.
- Copilot for IntelliJ 1.5.56 lost the whole server's tools (`Expected STRING but was
  BEGIN_ARRAY`) — microsoft/copilot-intellij-feedback#691 (one report: a warning).
- OpenAI strict mode refuses any type array other than `[T, "null"]` — openai/openai-java
  `JsonSchemaValidator.kt` @ 24964646.
- The documented entries were not reproduced here.

## Example

```json
{"properties": {"show_ids": {"type": ["null", "boolean"]}}}
```

Variants for the client profiles: `nullable-pair` (`[T, "null"]`, which OpenAI strict mode
accepts), `union` (anything else), `single` (a one-member array).

## Fix safety

**Safe.** `{"type": [A, B]}` accepts exactly what `{"anyOf": [{"type": A}, {"type": B}]}` accepts,
and the node's other keywords stay beside the `anyOf`: type-specific keywords (`minLength`,
`minimum`, ...) apply only to values of their own type, so they mean the same either way. When
the node already has an `anyOf`, the union goes into `allOf: [{"anyOf": [...]}]` instead; when it
has both, no automatic fix is offered. A one-member array becomes the plain `"type": "x"`.

Making the property optional instead of accepting `null` is a different contract — absent is not
the same as `null` — and is never suggested as equivalent.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from portlint.fixes.ops import FixPlan, RenameKey, ReplaceMember, UnwrapSingleItem, WrapItems
from portlint.model import Applicability, Severity
from portlint.rules.base import Fact, FixAvailability, Report, RootContext, Rule, Triggers
from portlint.rules.helpers import well_formed_type

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def legal_union(value: Any) -> list[str] | None:
    """The members of a legal type array, or None when ``value`` is not one."""
    if type(value) is not list or not well_formed_type(value):
        return None
    return list(value)


def _branches(members: list[str]) -> str:
    return json.dumps({"anyOf": [{"type": m} for m in members]})


def check(ctx: RootContext) -> Iterator[Report]:
    for position in ctx.type_arrays:
        node = position.value
        members = legal_union(node["type"])
        if members is None:
            continue
        type_path = (*position.path, "type")
        shown = json.dumps(members)
        if len(members) == 1:
            yield (Report(
                position.path,
                f"`type` is a one-element array ({shown}).",
                f"Write it as a plain string: `\"type\": {json.dumps(members[0])}` — the same "
                "contract.",
                (FixPlan("Write `type` as a plain string (same contract)", Applicability.SAFE,
                         (UnwrapSingleItem(type_path),)),),
                range_path=type_path, variant="single",
            ))
            continue
        suggestion = (f"Split it into `anyOf` branches with one `type` each: "
                      f"`{_branches(members)}` — the same contract.")
        if "null" in members:
            suggestion += (" (Making the property optional instead is a different contract: "
                           "absent is not the same as `null`.)")
        if "anyOf" not in node:
            fix = FixPlan("Split `type` into `anyOf` branches (same contract)", Applicability.SAFE,
                          (RenameKey(type_path, "anyOf"), WrapItems(type_path, "type")))
        elif "allOf" not in node:
            fix = FixPlan("Move the type union into `allOf` beside the existing `anyOf` (same "
                          "contract)", Applicability.SAFE,
                          (ReplaceMember(type_path, "allOf",
                                         [{"anyOf": [{"type": m} for m in members]}]),))
            suggestion += (" This node already has an `anyOf`, so the branches go into "
                           "`allOf: [{\"anyOf\": [...]}]`.")
        else:
            fix = FixPlan.advice("Split `type` into `anyOf` branches inside the existing `allOf`")
            suggestion += (" This node already has both `anyOf` and `allOf`: add the branches to "
                           "the `allOf` as one more `{\"anyOf\": [...]}` entry.")
        variant = "nullable-pair" if len(members) == 2 and "null" in members else "union"
        yield (Report(
            position.path,
            f"`type` is an array ({shown}).",
            suggestion,
            (fix,),
            range_path=type_path, variant=variant,
        ))


RULE = Rule(
    id="type-union",
    severity=Severity.WARNING,
    fix=FixAvailability.SAFE_OR_ADVICE,
    doc=__doc__ or "",
    check=check,
    variants=("single", "nullable-pair", "union"),
    triggers=Triggers(facts=frozenset((Fact.TYPE_ARRAY,))),
)
