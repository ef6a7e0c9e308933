"""A schema over OpenAI strict mode's size limits.

## What it does

Counts, over one schema root (its `$defs` included), what OpenAI strict mode limits, and reports
each total over its limit once, at the root:

- `properties`: more than 100 object properties in all;
- `enum-values`: more than 500 enum values in all;
- `string-length`: more than 15,000 characters over all property names, `$defs` names, enum
  values and `const` values;
- `enum-string-length`: more than 7,500 characters over the values of one string enum with more
  than 250 values (reported at that `enum`).

On in the opt-in `openai-strict` profile, at warning severity — see the evidence.

## Why it matters

A generated schema — every field of a large API model, an enum of every timezone — easily passes
these limits, and strict mode refuses the request as a whole.

## Clients affected

- OpenAI strict mode: openai/openai-java `JsonSchemaValidator.kt` @ 24964646 encodes exactly
  these limits, quoting the OpenAI documentation of the time ("total string length of all
  property names, definition names, enum values, and const values cannot exceed 15,000
  characters"). Higher current limits are reported by third parties, and a 2026-06-16 probe
  (1nder-labs/schemalint @ 456ced85) accepted an 18,000-character enum, which is why the profile
  reports these at warning rather than error. Documented, not reproduced here.

## Example

An `inputSchema` with 140 properties generated from a database table.

## Fix safety

No fix: split the tool, or move rarely used fields out of the schema.
"""

from __future__ import annotations

from collections.abc import Iterator

from portlint.fixes.ops import FixPlan
from portlint.model import Severity
from portlint.rules.base import FixAvailability, RangeOn, Report, RootContext, Rule

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

MAX_PROPERTIES = 100
MAX_ENUM_VALUES = 500
MAX_STRING_LENGTH = 15_000
LONG_ENUM_VALUES = 250
MAX_LONG_ENUM_LENGTH = 7_500


def _text(value: Any) -> str:
    """A value as the OpenAI SDK validator measures it (Jackson's ``asText``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, (int, float, str)):
        return str(value)
    return ""


def check(ctx: RootContext) -> Iterator[Report]:
    properties = enum_values = string_length = 0
    for position in ctx.objects:
        node = position.value
        if position.keyword in ("$defs", "definitions"):
            string_length += len(str(position.step))
        declared = node.get("properties")
        if isinstance(declared, dict):
            properties += len(declared)
            string_length += sum(len(name) for name in declared)
        if "const" in node:
            string_length += len(_text(node["const"]))
        enum = node.get("enum")
        if isinstance(enum, list):
            texts = [_text(v) for v in enum]
            enum_values += len(enum)
            length = sum(len(t) for t in texts)
            string_length += length
            if (len(enum) > LONG_ENUM_VALUES and length > MAX_LONG_ENUM_LENGTH
                    and all(isinstance(v, str) for v in enum)):
                yield Report((*position.path, "enum"),
                             f"This enum has {len(enum)} values totalling {length:,} characters; "
                             f"OpenAI strict mode allows at most {MAX_LONG_ENUM_LENGTH:,} "
                             f"characters in an enum of more than {LONG_ENUM_VALUES} values.",
                             "Shorten the values, or accept a plain string and validate it in "
                             "the server.", (FixPlan.advice("Shorten the enum"),),
                             range_on=RangeOn.KEY, variant="enum-string-length")
    totals = (("properties", properties, MAX_PROPERTIES, "object properties"),
              ("enum-values", enum_values, MAX_ENUM_VALUES, "enum values"),
              ("string-length", string_length, MAX_STRING_LENGTH,
               "characters of property names, definition names, enum and const values"))
    for variant, total, limit, what in totals:
        if total > limit:
            yield Report(ctx.root.path,
                         f"This schema has {total:,} {what}; OpenAI strict mode has allowed at "
                         f"most {limit:,}.",
                         "Split the tool, or move rarely used fields out of its schema.",
                         (FixPlan.advice("Split the tool"),),
                         range_on=RangeOn.KEY, variant=variant)


RULE = Rule(
    id="strict-limits",
    severity=Severity.WARNING,
    fix=FixAvailability.DISPLAY_ONLY,
    doc=__doc__ or "",
    check=check,
    variants=("properties", "enum-values", "string-length", "enum-string-length"),
)
