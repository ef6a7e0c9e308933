"""`const`, which some clients do not know.

## What it does

Reports every `const` in a schema position. On in the `gemini` profile only.

## Why it matters

`const` is the precise way to pin a value, and Pydantic writes it for `Literal["a"]`. Gemini's
`parameters` schema has no `const`: the whole request fails. LangChain's Gemini integration drops
it, so the model may send anything.

## Clients affected

- Gemini API `parameters`: `Unknown name "const"` refuses the request — G1 [O]
  zed-industries/zed#44875; [P] Vertex AI REST reference "Schema" (an OpenAPI 3.0 subset).
- LangChain with Gemini drops unknown keys, `const` among them — L2 [P] langchain-google
  `_function_utils.py`.

## Example

```json
{"properties": {"kind": {"type": "string", "const": "cat"}}}
```

## Fix safety

**Safe**: `{"enum": [v]}` accepts exactly the instances `{"const": v}` accepts. For Gemini the
value must also be a string (`enum-non-string` reports it otherwise).
"""

from __future__ import annotations

from collections.abc import Iterator

from portlint.fixes.ops import FixPlan, RenameKey, ReplaceValue
from portlint.model import Applicability, Severity
from portlint.rules.base import FixAvailability, Report, RootContext, Rule, Triggers


def check(ctx: RootContext) -> Iterator[Report]:
    for position in ctx.having("const"):
        node = position.value
        const_path = (*position.path, "const")
        fixes: tuple[FixPlan, ...] = ()
        if "enum" not in node:
            fixes = (FixPlan("Write `const` as a one-value `enum` (same contract)",
                             Applicability.SAFE, (RenameKey(const_path, "enum"),
                                                  ReplaceValue(const_path, [node["const"]]))),)
        yield Report(position.path,
                     "`const` pins this value, but some clients do not know the keyword.",
                     "Write it as a one-value enum: `\"enum\": [value]` means the same.",
                     fixes, range_path=const_path)


RULE = Rule(
    id="const-keyword",
    severity=Severity.WARNING,
    fix=FixAvailability.SAFE,
    doc=__doc__ or "",
    check=check,
    triggers=Triggers(keywords=frozenset(("const",))),
)
