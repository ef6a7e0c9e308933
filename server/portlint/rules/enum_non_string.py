"""An `enum` holding a value that is not a string.

## What it does

Reports an `enum` containing numbers, booleans, `null`, arrays or objects. On in the `gemini`
profile only.

## Why it matters

JSON Schema enums may hold any JSON values, and `Literal[1, 2]` or an `IntEnum` produce numeric
ones. Gemini's `parameters` schema types `enum` as a list of strings: the request fails on the
first non-string value.

## Clients affected

- Gemini API `parameters`: `Invalid value at '…enum[0]' (TYPE_STRING), true` refuses the request —
  G3 [O] anomalyco/opencode#2687; [P] Vertex AI REST reference "Schema" (`enum[]` is `string`).

## Example

```json
{"properties": {"level": {"type": "integer", "enum": [1, 2, 3]}}}
```

## Fix safety

No automatic fix: `"1"` is not `1`. A Gemini-facing schema needs string values, and the server
must then accept and convert them — a change of contract only the author can make.
"""

from __future__ import annotations

from collections.abc import Iterator

from portlint.fixes.ops import FixPlan
from portlint.model import Severity
from portlint.rules.base import FixAvailability, Report, RootContext, Rule, Triggers
from portlint.rules.helpers import shown_value


def check(ctx: RootContext) -> Iterator[Report]:
    for position in ctx.having("enum"):
        values = position.value["enum"]
        if not isinstance(values, list):
            continue
        others = [v for v in values if not isinstance(v, str)]
        if not others:
            continue
        shown = ", ".join(shown_value(v, 80) for v in others[:3]) + (
            ", ..." if len(others) > 3 else "")
        yield Report(position.path,
                     f"This `enum` holds values that are not strings ({shown}); clients whose "
                     "enums are lists of strings refuse it.",
                     "For those clients, list the values as strings and have the server "
                     "convert them — a change of contract, since `\"1\"` is not `1`.",
                     (FixPlan.advice("Use string values and convert them in the server"),),
                     range_path=(*position.path, "enum"))


RULE = Rule(
    id="enum-non-string",
    severity=Severity.WARNING,
    fix=FixAvailability.DISPLAY_ONLY,
    doc=__doc__ or "",
    check=check,
    triggers=Triggers(keywords=frozenset(("enum",))),
)
