"""An object schema without `properties`.

## What it does

Reports an object schema (`"type": "object"`) that has no `properties` keyword. The variant is
`root` for a tool's input schema root — the case the evidence is about: a tool without parameters
written as `{"type": "object"}` — and `nested` elsewhere.

## Why it matters

`{"type": "object"}` is the natural schema of a tool that takes no arguments. Some OpenAI models and
endpoints refuse the whole request for it; the OpenAI Agents SDK and VS Code add `properties: {}`
themselves precisely because of that.

## Clients affected

- OpenAI function calling (some models and paths): `Invalid schema for function 'X': In
  context=(), object schema missing properties.` — O2 [O] spring-projects/spring-ai#4776,
  karakeep-app/karakeep#1696; [P] openai-agents-python `src/agents/mcp/util.py` ("MCP spec doesn't
  require the inputSchema to have properties, but OpenAI spec does").
- OpenAI strict mode requires `properties` on every object (`'properties' field is missing,
  empty or not an object`) — O3 [P] openai-java `JsonSchemaValidator.kt`.
- VS Code Copilot normalises a missing `properties` to `{}` (equivalent) — C8 [P].

## Example

```json
{"name": "list_projects", "inputSchema": {"type": "object"}}
```

## Fix safety

**Safe**: `"properties": {}` constrains nothing, so the same instances are valid.
"""

from __future__ import annotations

from collections.abc import Iterator

from portlint.fixes.ops import FixPlan, InsertMember
from portlint.model import Applicability, Severity
from portlint.rules.base import FixAvailability, Report, RootContext, Rule, Triggers


def check(ctx: RootContext) -> Iterator[Report]:
    root = ctx.root
    for position in ctx.declaring("object"):
        node = position.value
        if node["type"] != "object" or "properties" in node:
            continue
        is_root = position.is_root and root.role == "input"
        path = position.path
        yield (Report(
            path,
            "This object schema has no `properties`; some clients require the keyword even when "
            "there is nothing to list.",
            "Add `\"properties\": {}`: it changes nothing.",
            (FixPlan("Add `\"properties\": {}` (same contract)", Applicability.SAFE,
                     (InsertMember(path, "properties", {}),)),),
            range_path=(*path, "type"), variant="root" if is_root else "nested"))


RULE = Rule(
    id="object-missing-properties",
    severity=Severity.WARNING,
    fix=FixAvailability.SAFE,
    doc=__doc__ or "",
    check=check,
    variants=("root", "nested"),
    triggers=Triggers(keywords=frozenset(("type",))),
)
