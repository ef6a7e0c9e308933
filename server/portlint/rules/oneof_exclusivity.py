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
can match two of them, for every pair of the JSON types they admit: the types never overlap
(`integer` counts inside `number`); or their `const`/`enum` values never overlap; or their bounds
leave no value between them (numbers: `maximum: 5` and `minimum: 6`, `exclusiveMaximum: 0` and
`minimum: 0`; sizes: `maxLength: 1` and `minLength: 2`, items, properties); or both are objects
requiring a property whose schemas are themselves disjoint (a discriminator). Local `$ref`s are
followed. It is the proof `portlint diff` uses for a `oneOf` (`portlint.meaning.exclusive`).
Otherwise there is no fix, and exclusivity remains the server's to enforce.
"""

from __future__ import annotations

from collections.abc import Iterator

from portlint.fixes.ops import FixPlan, RenameKey
from portlint.model import Applicability, Severity
from portlint.rules.base import FixAvailability, RangeOn, Report, RootContext, Rule, Triggers

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def disjoint(branches: list[Any], root: Any) -> bool:
    """Whether no value can match two of the branches, provably (:func:`portlint.meaning.
    exclusive`: by their types, their values, the bounds of their numbers and sizes, or a
    required property whose schemas are exclusive — a discriminator); local references resolve
    against ``root``."""
    if len(branches) < 2:
        return True
    # (read only where a `oneOf` is: the model and its dataclasses are not a plain check's)
    from portlint.meaning import Reader, exclusive

    reader = Reader(root)
    return exclusive([reader.read(branch, ("oneOf", i)) for i, branch in enumerate(branches)])


def check(ctx: RootContext) -> Iterator[Report]:
    for position in ctx.having("oneOf"):
        node = position.value
        branches = node["oneOf"]
        if not isinstance(branches, list):
            continue
        one_of = (*position.path, "oneOf")
        if disjoint(branches, ctx.root.value) and "anyOf" not in node:
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
