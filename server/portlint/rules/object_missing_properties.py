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

- OpenAI function calling (some models and paths) refuses the request (`Invalid schema for
  function 'X': In context=(), object schema missing properties.`) — spring-projects/spring-ai#4776,
  karakeep-app/karakeep#1696; openai/openai-agents-python `src/agents/mcp/util.py` @ 7f7a44f8
  adds `properties: {}` for that reason (documented, not reproduced here; a warning, since only
  some paths refuse it).
- OpenAI strict mode requires `properties` on every object — openai/openai-java
  `JsonSchemaValidator.kt` @ 24964646.
- Observed: Codex CLI and Gemini CLI core hand the schema on with `properties: {}` added (the
  same contract), and the MCP SDKs accept it.

## Example

```json
{"name": "list_projects", "inputSchema": {"type": "object"}}
```

## Fix safety

**Safe**: `"properties": {}` constrains nothing, so the same instances are valid.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from portlint.fixes.ops import FixPlan, InsertMember
from portlint.model import Applicability, Severity
from portlint.rules.base import FixAvailability, Report, RootContext, Rule, Triggers
from portlint.walk import Position


def check(ctx: RootContext) -> Iterable[Report]:
    """The object schemas without ``properties``: ``"type": "object"`` in its string form (an
    array naming ``object`` is not this case). Asked about nearly every root: one with none
    of them gets ``()``, no generator."""
    bare = [p for p in ctx.declaring("object")
            if p.value["type"] == "object" and "properties" not in p.value]
    if not bare:
        return ()
    return _reports(ctx, bare)


def _reports(ctx: RootContext, bare: list[Position]) -> Iterator[Report]:
    root = ctx.root
    for position in bare:
        is_root = position.is_root and root.role == "input"
        path = position.path
        yield (Report(
            path,
            "This object schema has no `properties`.",
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
