"""A combinator branch whose `required` Gemini refuses: an untyped branch, or undefined names.

## What it does

Reports a branch of `anyOf`, `oneOf` or `allOf` that carries `required` while not declaring
`"type": "object"`, or that requires a name missing from its own `properties`. On in the `gemini`
profile.

## Why it matters

`{"anyOf": [{"required": ["id"]}, {"required": ["name"]}]}` is the idiomatic "one of these must be
given". Gemini only allows `required` on a node of type OBJECT and refuses the request.

## Clients affected

- Gemini API `parameters` refuses the request: `any_of[N].required: only allowed for OBJECT type`
  — user report in goruck/home-generative-agent's v3.26.1 release notes (documented, not
  reproduced here).

## Example

```json
{"type": "object", "properties": {"id": {"type": "string"}, "name": {"type": "string"}},
 "anyOf": [{"required": ["id"]}, {"required": ["name"]}]}
```

## Fix safety

When the parent schema has `"type": "object"`, the fix is **safe**: adding `"type": "object"` to
the branch changes nothing (the parent already restricts values to objects), and each required
name missing from the branch's `properties` is defined there with the parent's schema for it
(which the parent already imposes; `{}` when the parent has none — equivalent, though
`untyped-schema` then asks about it). Stripping such branches, as one project did, widens the
contract and is never suggested.
"""

from __future__ import annotations

from collections.abc import Iterator

from portlint.fixes.ops import FixPlan, InsertMember, ReplaceValue
from portlint.model import Applicability, Severity
from portlint.rules.base import FixAvailability, Report, RootContext, Rule, Triggers
from portlint.rules.helpers import declared_types, is_type

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def check(ctx: RootContext) -> Iterator[Report]:
    for keyword in ("anyOf", "oneOf", "allOf"):
        for position in ctx.having(keyword):
            branches = position.value[keyword]
            if not isinstance(branches, list):
                continue
            parent_object = is_type(position.value, "object")
            for i, branch in enumerate(branches):
                if not isinstance(branch, dict) or not isinstance(branch.get("required"), list):
                    continue
                branch_path = (*position.path, keyword, i)
                declared = branch.get("properties")
                defined: dict[str, Any] = declared if isinstance(declared, dict) else {}
                missing = [n for n in branch["required"] if isinstance(n, str)
                           and n not in defined]
                untyped = "object" not in declared_types(branch)
                if not untyped and not missing:
                    continue
                fixes: tuple[FixPlan, ...] = ()
                if parent_object and not (untyped and "type" in branch):
                    fixes = _fix(branch_path, branch, untyped, missing, position.value)
                problems = []
                if untyped:
                    problems.append("does not declare `\"type\": \"object\"`")
                if missing:
                    problems.append("requires " + ", ".join(f"`{n}`" for n in missing[:3])
                                    + " without defining it in its own `properties`")
                yield Report(branch_path,
                             f"This `{keyword}` branch carries `required` but "
                             + " and ".join(problems) + ".",
                             "Declare `\"type\": \"object\"` in the branch and list the required "
                             "names under its `properties`.",
                             fixes, range_path=(*branch_path, "required"))


def _fix(branch_path: tuple[str | int, ...], branch: dict[str, Any], untyped: bool,
         missing: list[str], parent: dict[str, Any]) -> tuple[FixPlan, ...]:
    """Type the branch and define its required names, copying the parent's schema for each
    name (the parent imposes it already, so nothing changes)."""
    declared = parent.get("properties")
    known: dict[str, Any] = declared if isinstance(declared, dict) else {}
    schemas = {name: known.get(name, {}) for name in missing}
    ops: list[Any] = []
    if untyped:
        ops.append(InsertMember(branch_path, "type", "object"))
    if missing:
        if isinstance(branch.get("properties"), dict) and branch["properties"]:
            ops.extend(InsertMember((*branch_path, "properties"), name, schema)
                       for name, schema in schemas.items())
        elif isinstance(branch.get("properties"), dict):
            ops.append(ReplaceValue((*branch_path, "properties"), schemas))
        else:
            ops.append(InsertMember(branch_path, "properties", schemas))
    title = "Declare the branch an object and define its required names, as the parent does"
    return (FixPlan(f"{title} (same contract)", Applicability.SAFE, tuple(ops)),)


RULE = Rule(
    id="combinator-branch-required",
    severity=Severity.WARNING,
    fix=FixAvailability.SAFE,
    doc=__doc__ or "",
    check=check,
    triggers=Triggers(keywords=frozenset(("anyOf", "oneOf", "allOf"))),
)
