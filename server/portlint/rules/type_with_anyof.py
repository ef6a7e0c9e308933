"""`type` and `anyOf` side by side on one schema.

## What it does

Reports a schema that declares both `type` and `anyOf`. On in the `gemini` profile.

## Why it matters

`{"type": "string", "anyOf": [{"format": "date"}, {"format": "date-time"}]}` is valid JSON Schema:
both apply. Gemini requires `anyOf` to be the only field of its node and refuses the request.

## Clients affected

- Gemini API `parameters`: `type and anyOf cannot be both populated` — G5 [O]
  DzAvril/MoviePilot-Plugins#23; [P] langchain-google `_function_utils.py` ("Gemini requires that
  when any_of is used, it must be the only field set").

## Example

```json
{"type": "object", "anyOf": [{"required": ["id"]}, {"required": ["name"]}]}
```

## Fix safety

**Safe** when every branch is an object schema without its own `type`: `type: T` is moved into
each branch (`T ∧ (A ∨ B)` is `(T ∧ A) ∨ (T ∧ B)`). When a branch already declares a type, or is
a boolean, no fix is offered.
"""

from __future__ import annotations

from collections.abc import Iterator

from portlint.fixes.ops import EditOp, FixPlan, InsertMember, RemoveMember
from portlint.model import Applicability, Severity
from portlint.rules.base import FixAvailability, Report, RootContext, Rule, Triggers


def check(ctx: RootContext) -> Iterator[Report]:
    for position in ctx.having("anyOf"):
        node = position.value
        branches = node["anyOf"]
        if "type" not in node or not isinstance(branches, list):
            continue
        fixes: tuple[FixPlan, ...] = ()
        if branches and all(isinstance(b, dict) and "type" not in b for b in branches):
            ops: list[EditOp] = [RemoveMember((*position.path, "type"))]
            ops.extend(InsertMember((*position.path, "anyOf", i), "type", node["type"])
                       for i in range(len(branches)))
            fixes = (FixPlan("Move `type` into each `anyOf` branch (same contract)",
                             Applicability.SAFE, tuple(ops)),)
        yield Report(position.path,
                     "This schema has both `type` and `anyOf`; some clients require `anyOf` to "
                     "stand alone.",
                     "Move the `type` into each branch of the `anyOf`: the same values are "
                     "accepted.",
                     fixes, range_path=(*position.path, "type"))


RULE = Rule(
    id="type-with-anyof",
    severity=Severity.WARNING,
    fix=FixAvailability.SAFE,
    doc=__doc__ or "",
    check=check,
    triggers=Triggers(keywords=frozenset(("anyOf",))),
)
