"""A tool's input schema whose root is not `"type": "object"`.

## What it does

Reports a tool's input schema (`inputSchema`, `input_schema`, `parameters`,
`parametersJsonSchema`) when its root does not declare exactly `"type": "object"`: the `type` is
missing, is another type, is a type array (even `["object", "null"]`), the root is a bare boolean,
a root `$ref`, or not a schema object at all. Output schemas and bare schemas are not checked by
this rule. A `type` that is not JSON Schema at all (`"dict"`) is left to `invalid-schema`, so the
same token is not reported twice.

## Why it matters

Tool arguments are always a JSON object, and every MCP SDK types the input root as
`type: literal("object")`. A tool whose root says anything else fails the `tools/list` parse and
is dropped before any client shows it — silently: the MCP Inspector never sees it either, because
its own parser drops the tool first. An editor sees the source, so this is where it can be
caught.

## Clients affected

- Every MCP SDK version and protocol revision refuses the tool (REFUSED-TOOL) — S5 [P]
  typescript-sdk `src/types.ts`, python-sdk `InputSchema.type: Literal["object"]`.
- Amazon Bedrock Converse refuses the request ("The top level schema type must be object") — A6
  [P] AWS API reference, [O] kirodotdev/Kiro#11026.
- VS Code Copilot replaces a non-object root with `{"type": "object", "properties": {}}`, losing
  every parameter — C8 [P] vscode-copilot-chat `toolSchemaNormalizer.ts`.

## Example

```json
{"name": "search", "inputSchema": {"oneOf": [{"type": "object", "required": ["q"]},
                                              {"type": "object", "required": ["id"]}]}}
```

## Fix safety

When the root is a combinator whose branches already require an object — every branch of a
`oneOf`/`anyOf` declares `"type": "object"`, or any branch of an `allOf` does — adding
`"type": "object"` beside it is **safe**: every value the combinator accepts is already an object.
Otherwise there is no fix: wrapping a non-object value in an object changes the wire shape of every
call, which only the author can decide.
"""

from __future__ import annotations

from portlint.model import Severity
from portlint.rules.base import FixAvailability, Report, RootContext, Rule
from portlint.rules.helpers import object_root_report

_EFFECT = "Tool arguments are always a JSON object, and clients check that the schema says so."
_ADVICE = ("Tool arguments are always a JSON object: declare `\"type\": \"object\"` with the "
           "parameters under `properties`. Wrapping a non-object value in an object changes the "
           "shape of every call, so no automatic fix is offered.")


def check(ctx: RootContext) -> list[Report]:
    # given input roots only (the rule declares its role)
    report = object_root_report(ctx.root.path, ctx.root.value, "input", _EFFECT, _ADVICE)
    return [report] if report is not None else []


RULE = Rule(
    id="input-root-not-object",
    severity=Severity.ERROR,
    fix=FixAvailability.SAFE,
    doc=__doc__ or "",
    check=check,
    roles=frozenset(("input",)),
)
