"""`oneOf`, whose exclusivity several clients drop.

## What it does

Reports every `oneOf`. It is information in most profiles (the contract is weakened silently, not
refused) and an error for OpenAI strict mode, which refuses the keyword.

## Why it matters

`oneOf` means "exactly one branch matches". Several clients rewrite it to `anyOf` ("at least one"),
so the model is never told that the branches exclude each other, and only the server can enforce
it. Where the branches cannot overlap anyway, the two keywords mean the same and `anyOf` is the
portable spelling.

## Clients affected

- The Anthropic TypeScript SDK's strict-tool helper rewrites `oneOf` as `anyOf` —
  anthropics/anthropic-sdk-typescript `src/lib/transform-json-schema.ts` @ 2a2978fc.
- The OpenAI Agents SDK's strict conversion rewrites it as `anyOf` — openai/openai-agents-python
  `src/agents/strict_schema.py` @ 7f7a44f8; OpenAI strict mode refuses `oneOf` outright
  (`'oneOf' is not permitted`, ai-dynamo/dynamo#15153).
- Gemini's `parameters` schema does not know `oneOf` and refuses the request (the Vertex AI
  "Schema" reference; ax-llm/ax#293); its JSON-Schema path reads it as `anyOf`.
- All documented, not reproduced here.

## Example

```json
{"oneOf": [{"type": "string"}, {"type": "integer"}]}
```

## Fix safety

Rewriting `oneOf` to `anyOf` is **safe** only when the branches are provably disjoint — no value
can match two of them: their `type`s never overlap (`integer` counts inside `number`); or their own
`const`/`enum` values never overlap; or every branch is an object that requires the same property
with a `const`/`enum` whose values never overlap (a discriminator). Otherwise there is no fix, and
exclusivity remains the server's to enforce.
"""

from __future__ import annotations

from collections.abc import Iterator

from portlint.fixes.ops import FixPlan, RenameKey
from portlint.model import Applicability, Severity
from portlint.rules.base import FixAvailability, RangeOn, Report, RootContext, Rule, Triggers
from portlint.rules.helpers import declared_types, is_type

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_WIDER = {"integer": {"integer", "number"}, "number": {"number", "integer"}}


def _types_disjoint(branches: list[Any]) -> bool:
    seen: set[str] = set()
    for branch in branches:
        types = declared_types(branch)
        if not types or not isinstance(branch, dict) or not isinstance(branch.get("type"),
                                                                        (str, list)):
            return False
        covered = set().union(*(_WIDER.get(t, {t}) for t in types))
        if covered & seen:
            return False
        seen |= covered
    return True


def _values(schema: Any) -> list[Any] | None:
    if not isinstance(schema, dict):
        return None
    if "const" in schema:
        return [schema["const"]]
    values = schema.get("enum")
    return list(values) if isinstance(values, list) else None


def _values_disjoint(groups: list[list[Any] | None]) -> bool:
    seen: list[Any] = []
    for group in groups:
        if group is None:
            return False
        for value in group:
            if any(value == other and type(value) is type(other) for other in seen):
                return False
        seen.extend(group)
    return True


def _property(branch: dict[str, Any], name: str) -> Any:
    properties = branch.get("properties")
    return properties.get(name) if isinstance(properties, dict) else None


def _discriminated(branches: list[Any]) -> bool:
    if not all(is_type(b, "object") for b in branches):
        return False
    names = None
    for branch in branches:
        listed = branch.get("required")
        required = {n for n in listed if isinstance(n, str)} if isinstance(listed, list) else set()
        names = required if names is None else names & required
    for name in sorted(names or ()):
        groups = [_values(_property(b, name)) for b in branches]
        if _values_disjoint(groups):
            return True
    return False


def disjoint(branches: list[Any]) -> bool:
    """Whether no value can match two of the branches."""
    if len(branches) < 2:
        return True
    return (_types_disjoint(branches) or _values_disjoint([_values(b) for b in branches])
            or _discriminated(branches))


def check(ctx: RootContext) -> Iterator[Report]:
    for position in ctx.having("oneOf"):
        node = position.value
        branches = node["oneOf"]
        if not isinstance(branches, list):
            continue
        one_of = (*position.path, "oneOf")
        if disjoint(branches) and "anyOf" not in node:
            yield Report(position.path,
                         "`oneOf` asks for exactly one matching branch, and these branches "
                         "cannot overlap, so `anyOf` means the same.",
                         "Write `anyOf`: the same values are accepted.",
                         (FixPlan("Rename `oneOf` to `anyOf` (same contract: the branches are "
                                  "disjoint)", Applicability.SAFE, (RenameKey(one_of, "anyOf"),)),),
                         range_path=one_of, range_on=RangeOn.KEY)
        else:
            yield Report(position.path,
                         "`oneOf` asks for exactly one matching branch; clients that read it as "
                         "`anyOf` never tell the model the branches exclude each other.",
                         "Enforce the exclusivity in the server, and say in the description "
                         "which combinations are refused.",
                         (FixPlan.advice("Enforce exclusivity in the server"),),
                         range_path=one_of, range_on=RangeOn.KEY)


RULE = Rule(
    id="oneof-exclusivity",
    severity=Severity.INFORMATION,
    fix=FixAvailability.SAFE_OR_ADVICE,
    doc=__doc__ or "",
    check=check,
    triggers=Triggers(keywords=frozenset(("oneOf",))),
)
