"""A `required` name that the object's `properties` does not declare.

## What it does

Reports the names in `required` that are missing from `properties`, in an object schema that has
both `"type": "object"` and a `properties` object — exactly the nodes VS Code Copilot rewrites.
A `required` without `properties` (a branch such as `{"required": ["id"]}` under a typed parent)
is left alone: Copilot does not touch it (inside combinator branches, `combinator-branch-required`
covers what Gemini refuses).

## Why it matters

JSON Schema allows requiring a name the schema does not describe (it then accepts any value under
that name, or what `patternProperties`/`additionalProperties` say). VS Code Copilot silently
removes such names from `required` — even when a `patternProperties` entry describes them — so
the model is told the field is optional and the server's requirement is invisible: a widening of
the contract.

## Clients affected

- VS Code Copilot Chat removes from `required` every name its object's `properties` lacks, on
  every `"type": "object"` node with `properties` — microsoft/vscode-copilot-chat
  `toolSchemaNormalizer.ts` @ 1700547f (documented, not reproduced here). A widening.
- The OpenAI Agents SDK's strict conversion rebuilds `required` from `properties` —
  openai/openai-agents-python `src/agents/strict_schema.py` @ 7f7a44f8.

## Example

```json
{"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q", "limit"]}
```

## Fix safety

Declaring the name as `{}` in `properties` is **safe** when nothing else constrained it:
no `unevaluatedProperties`, and either no `additionalProperties` schema (absent or `true`) or a
`patternProperties` entry that matches the name (which keeps applying). Otherwise — a closed object,
or an `additionalProperties` schema that would stop applying to the name — there is no fix. The
name is then untyped, and `untyped-schema` asks what it is: declaring its type is the better,
deliberate narrowing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from portlint.fixes.ops import EditOp, FixPlan, InsertMember, ReplaceValue
from portlint.model import Applicability, Severity
from portlint.rules.base import FixAvailability, Report, RootContext, Rule, Triggers
from portlint.rules.helpers import bounded_search
from portlint.walk import Position

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def _matched_by_pattern(node: dict[str, Any], name: str) -> bool:
    """Whether a `patternProperties` pattern certainly matches ``name`` (a pattern that could
    take long to match, or does not compile, counts as not matching: no safe fix then)."""
    patterns = node.get("patternProperties")
    if not isinstance(patterns, dict):
        return False
    return any(bounded_search(pattern, name) for pattern in patterns)


def _declaring_is_exact(node: dict[str, Any], name: str) -> bool:
    """Whether adding ``name: {}`` to ``properties`` keeps the accepted instances the same."""
    if "unevaluatedProperties" in node:
        return False
    additional = node.get("additionalProperties", True)
    return additional is True or _matched_by_pattern(node, name)


def check(ctx: RootContext) -> Iterable[Report]:
    """The object schemas whose ``required`` names what ``properties`` does not declare. The
    common root declares everything it requires: it gets ``()``, no generator."""
    undeclared = []
    for position in ctx.having("required"):
        node = position.value
        required = node["required"]
        properties = node.get("properties")
        if (node.get("type") != "object" or not isinstance(properties, dict)
                or not isinstance(required, list)):
            continue
        try:
            if properties.keys() >= set(required):  # the common case: all declared
                continue
        except TypeError:  # an unhashable entry: the general path below skips it
            pass
        undeclared.append(position)
    if not undeclared:
        return ()
    return _reports(undeclared)


def _reports(undeclared: list[Position]) -> Iterator[Report]:
    for position in undeclared:
        node = position.value
        required = node["required"]
        properties = node["properties"]
        missing = [n for n in required if isinstance(n, str) and n not in properties]
        if not missing:
            continue
        fixes: tuple[FixPlan, ...] = ()
        if all(_declaring_is_exact(node, n) for n in missing):
            properties_path = (*position.path, "properties")
            ops: tuple[EditOp, ...] = (
                tuple(InsertMember(properties_path, n, {}) for n in reversed(missing))
                if properties else (ReplaceValue(properties_path, {n: {} for n in missing}),))
            fixes = (FixPlan("Declare the required names in `properties` (same contract; they "
                             "stay untyped)", Applicability.SAFE, ops),)
        names = ", ".join(f"`{n}`" for n in missing[:4]) + (", ..." if len(missing) > 4 else "")
        yield (Report(
            position.path,
            f"`required` names {names}, which `properties` does not declare.",
            "Declare each required name under `properties`, with its type.",
            fixes, range_path=(*position.path, "required")))


RULE = Rule(
    id="required-undeclared",
    severity=Severity.WARNING,
    fix=FixAvailability.SAFE,
    doc=__doc__ or "",
    check=check,
    triggers=Triggers(keywords=frozenset(("required",))),
)
