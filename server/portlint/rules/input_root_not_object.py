"""A tool's input schema whose root is not `"type": "object"`.

## What it does

Reports a tool's input schema (`inputSchema`, `input_schema`, `parameters`,
`parametersJsonSchema`) when its root does not declare exactly `"type": "object"`: the `type` is
missing, is another type, is a type array (even `["object", "null"]`), the root is a bare boolean,
a root `$ref`, or not a schema object at all. Output schemas and bare schemas are not checked by
this rule. A `type` that is not JSON Schema at all (`"dict"`) is left to `invalid-schema`, so the
same token is not reported twice. The variant says which: `boolean`, `not-a-schema`, `type`,
`type-array`, `no-type`, `combinator` (a root combinator of objects without `type`) or `ref`.
A tool with no input schema at all is `tool-missing-input-schema`.

## Why it matters

Tool arguments are always a JSON object, and the MCP SDKs type the input root as
`type: literal("object")`. Their parsers check the whole `tools/list` result at once, so one tool
whose root says anything else loses every tool of the server — the well-formed ones too. The MCP
Inspector never shows such a tool: its own parser fails first. An editor sees the source, so this
is where it can be caught.

## Clients affected

- Observed, for every kind of non-object root (an array or string root, a missing `type`, a root
  `anyOf`/`oneOf`/`allOf` without `type`, `["object", "null"]`, a root `$ref`, `true`, `false`,
  `null`): the MCP TypeScript SDK 1.x, the TypeScript v2 client and the Python SDK 2.x (both
  protocol eras), Claude Code 2.1.332 and Gemini CLI core lose the whole tool list. The Python
  SDK 1.30.0 accepts every root that is an object, and loses the list for `true`, `false` and
  `null`; Codex CLI loses it for those three too and hands the others on.
- Amazon Bedrock Converse refuses the request ("The top level schema type must be object") — AWS
  API reference `ToolInputSchema`; kirodotdev/Kiro#11026 (documented, not reproduced here).
- VS Code Copilot Chat replaces a non-object root with `{"type": "object", "properties": {}}`,
  losing every parameter — microsoft/vscode-copilot-chat `toolSchemaNormalizer.ts` @ 1700547f.

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
from portlint.rules.helpers import ROOT_VARIANTS, object_root_report

_EFFECT = "Tool arguments are always a JSON object."
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
    variants=ROOT_VARIANTS,
    roles=frozenset(("input",)),
)
