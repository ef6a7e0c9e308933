"""A `$ref` that points outside the schema document.

## What it does

Reports `$ref` when it is a non-empty string that does not start with `#` — an absolute URL
(`https://example.com/schemas/user.json`) or a relative reference (`common.json#/$defs/id`) —
in a schema that declares no `$id` anywhere.

It stays quiet when any walked position of the schema declares a non-empty string `$id`: an `$id`
sets a base URI, and `https://example.com/root#/$defs/x` may then resolve to this very document.
Classifying such references correctly needs full URI resolution against nested resources; a missed
finding is the acceptable direction, a wrong one with wrong advice is not. An `$id` inside instance
data (`examples`, `default`, `const`, `enum`) is data, not a resource, and does not count — the
same walk decides both.

## Why it matters

A tool schema travels alone: clients receive the JSON of `tools/list` and nothing else. No client
fetches a remote reference, so the constraint it names is never applied, and the validators that
do look at references fail on it.

## Clients affected

- OpenAI Agents SDK strict conversion raises `Unexpected $ref format` and serves the tool
  non-strict — O5 [P] openai-agents-python `strict_schema.py`.
- OpenAI strict mode accepts only local `#`/`#/$defs/...` references — O3 [P] openai-java
  `JsonSchemaValidator.kt`.
- portlint itself never fetches a reference (no network access at run time).

## Example

```json
{"properties": {"user": {"$ref": "https://example.com/schemas/user.json"}}}
```

## Fix safety

Display-only advice: inline the referenced schema, or copy it under `$defs` and refer to it as
`#/$defs/<Name>`. portlint cannot read the target, so it cannot write either edit.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from portlint.fixes.ops import FixPlan
from portlint.model import Severity
from portlint.rules.base import FixAvailability, Report, RootContext, Rule, Triggers


def is_remote(ref: object) -> bool:
    return isinstance(ref, str) and ref != "" and not ref.startswith("#")


def check(ctx: RootContext) -> Iterator[Report]:
    candidates = [p for p in ctx.having("$ref") if is_remote(p.value["$ref"])]
    if not candidates or ctx.declares_id:
        return
    for position in candidates:
        ref = position.value["$ref"]
        yield Report(
            position.path,
            f"`$ref` points outside this schema ({json.dumps(ref, ensure_ascii=False)}). Clients "
            "receive the tool's schema alone and never fetch the target, so the constraint it "
            "names cannot be checked.",
            "Inline the referenced schema here, or copy it under `$defs` and refer to it as "
            "`#/$defs/<Name>`.",
            (FixPlan.advice("Inline the referenced schema, or move it under `$defs`"),),
            range_path=(*position.path, "$ref"),
        )


RULE = Rule(
    id="remote-ref",
    severity=Severity.WARNING,
    fix=FixAvailability.DISPLAY_ONLY,
    doc=__doc__ or "",
    check=check,
    triggers=Triggers(keywords=frozenset(("$ref",))),
)
